package dev.asyncdataset.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WebDataset shard written by Python's {@code tarfile}, its {@code .npy} members by NumPy ({@code
 * write_webdataset.py} beside this class's resources), read through {@link TarSampleSource}. Needs
 * Debian's {@code /usr/bin/python3} with {@code python3-numpy}, which {@code .ci/run} installs; the
 * test fails without them.
 */
class PythonWebDatasetTest {

    private static final int SAMPLES = 4;

    /** The image and the NumPy array as data, the class as label. */
    private static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(
                                    Parts.image(manager, sample, "jpg"),
                                    Parts.npy(manager, sample, "npy")),
                            new NDList(Parts.integer(manager, sample, "cls")));

    @TempDir Path jpegs;
    @TempDir Path out;

    @Test
    void everyPartOfAShardWrittenByPythonReadsBackByteEqual() throws Exception {
        for (int i = 0; i < SAMPLES; i++) {
            Files.write(jpegs.resolve(i + ".jpg"), TestImages.jpeg(48, 32, i));
        }
        writeWithPython();
        try (TarSampleSource tars =
                        TarShardSource.builder().setUrl(out.toString()).buildSamples(DECODER);
                SampleFolderSource written =
                        SampleFolderSource.of(out.resolve("expected"), DECODER);
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
                assertEquals(new Shape(i + 1, 6), array.getShape());
                assertEquals(
                        6 * (i + 1) - 1,
                        array.max()
                                .toType(ai.djl.ndarray.types.DataType.FLOAT64, false)
                                .getDouble());
            }
        }
    }

    private void writeWithPython() throws Exception {
        Path script = Path.of(getClass().getResource("write_webdataset.py").toURI());
        Process python =
                new ProcessBuilder(
                                "/usr/bin/python3",
                                script.toString(),
                                jpegs.toString(),
                                out.toString())
                        .redirectErrorStream(true)
                        .start();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, python.waitFor(), "python failed: " + output);
    }
}
