package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.sample.NumpyFiles;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.Python3;
import dev.asyncdataset.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WebDataset shard written by Python's {@code tarfile} ({@code write_webdataset.py} beside this
 * class's resources), its {@code .npy} members the files NumPy wrote ({@link NumpyFiles}), read
 * through {@link TarSamples}. Runs {@code /usr/bin/python3} (its standard library only); the test
 * is skipped without it.
 */
class PythonWebDatasetTest {

    /** The NumPy files of the samples, one each: float32, int32 (format 2.0), bool and int64. */
    private static final List<String> ARRAYS =
            List.of("float32_2x3.npy", "int32_2x2_v2.npy", "bool_3.npy", "tokens_3.npy");

    private static final int SAMPLES = ARRAYS.size();

    /** The image and the NumPy array as data, the class as label. */
    private static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(
                                    Parts.image(manager, sample, "jpg"),
                                    Parts.npy(manager, sample, "npy")),
                            new NDList(Parts.integer(manager, sample, "cls")));

    @TempDir Path inputs;
    @TempDir Path out;

    @Test
    void everyPartOfAShardWrittenByPythonReadsBackByteEqual() throws Exception {
        for (int i = 0; i < SAMPLES; i++) {
            Files.write(inputs.resolve(i + ".jpg"), TestImages.jpeg(48, 32, i));
            Files.write(inputs.resolve(i + ".npy"), NumpyFiles.read(ARRAYS.get(i)));
        }
        writeWithPython();
        try (TarSamples tars =
                        (TarSamples)
                                TarShardSource.builder()
                                        .setLocation(out.toString())
                                        .buildSamples(DECODER);
                ItemSource<Sample> written =
                        FolderSource.builder()
                                .setLocation(out.resolve("expected").toString())
                                .buildSamples(DECODER);
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals(SAMPLES, tars.size());
            for (int i = 0; i < SAMPLES; i++) {
                Sample read = tars.fetch(null, i);
                Sample expected = written.fetch(null, i);
                assertEquals(expected.key(), read.key());
                assertEquals(Set.of("cls", "jpg", "json", "npy", "txt"), read.partNames());
                for (String part : expected.partNames()) {
                    assertArrayEquals(expected.bytes(part), read.bytes(part), read.member(part));
                }
                NDList data = tars.decode(manager, i, read).getData();
                assertEquals(new Shape(32, 48, 3), data.get(0).getShape());
                NDArray array = data.get(1);
                NDArray saved = Parts.npy(manager, expected, "npy");
                assertEquals(saved.getDataType(), array.getDataType(), ARRAYS.get(i));
                assertTrue(array.contentEquals(saved), ARRAYS.get(i) + ": " + array);
            }
        }
    }

    private void writeWithPython() throws Exception {
        Path script = Path.of(getClass().getResource("write_webdataset.py").toURI());
        Process python = Python3.start(script.toString(), inputs.toString(), out.toString());
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, python.waitFor(), "python failed: " + output);
    }
}
