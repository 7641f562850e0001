package dev.asyncdataset.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.PaddingStackBatchifier;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class PaddedSamplesTest {

    /** Token ids of different lengths as data; a different number of boxes per sample as labels. */
    static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.npy(manager, sample, "npy")),
                            new NDList(
                                    manager.create(Parts.json(sample, "json", float[][].class))));

    /** Tokens padded with 0, their lengths added; boxes padded with -1 rows, as SSD labels are. */
    static final Batchifier TOKENS =
            PaddingStackBatchifier.builder()
                    .optIncludeValidLengths(true)
                    .addPad(0, 0, m -> m.zeros(new Shape(1), DataType.INT64))
                    .build();

    static final Batchifier BOXES =
            PaddingStackBatchifier.builder()
                    .addPad(0, 0, m -> m.full(new Shape(1, 5), -1f))
                    .build();

    @TempDir Path root;

    @Test
    void variableSizeFieldsBatchAsDjlsPaddingStackBatchifierPadsThem() throws Exception {
        String[] tokens = {"tokens_5.npy", "tokens_3.npy", "tokens_2.npy"};
        for (int i = 0; i < 6; i++) {
            Files.write(root.resolve(i + ".npy"), NumpyFiles.read(tokens[i % 3]));
            Files.write(root.resolve(i + ".json"), boxes(1 + (i * 2) % 3));
        }
        ItemSource<Sample> source =
                FolderSource.builder().setLocation(root.toString()).buildSamples(DECODER);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(3, false)
                        .optDataBatchifier(TOKENS)
                        .optLabelBatchifier(BOXES)
                        .build();
        try (NDManager trainer = NDManager.newBaseManager()) {
            int first = 0;
            for (Batch batch : dataset.getData(trainer)) {
                try (NDManager direct = NDManager.newBaseManager()) {
                    Record[] records = new Record[batch.getSize()];
                    for (int row = 0; row < records.length; row++) {
                        records[row] = DECODER.decode(direct, source.fetch(direct, first + row));
                    }
                    assertSame(TOKENS.batchify(data(records)), batch.getData());
                    assertSame(BOXES.batchify(labels(records)), batch.getLabels());
                }
                if (first == 0) {
                    assertPadded(batch);
                }
                first += batch.getSize();
                batch.close();
            }
            assertEquals(6, first);
        }
    }

    /** Samples 0, 1, 2: 5, 3 and 2 tokens; 1, 3 and 2 boxes. */
    private static void assertPadded(Batch batch) {
        assertArrayEquals(
                new long[] {101, 2088, 102, 0, 0}, batch.getData().get(0).get(1).toLongArray());
        assertArrayEquals(new long[] {5, 3, 2}, batch.getData().get(1).toLongArray());
        assertEquals(new Shape(3, 3, 5), batch.getLabels().head().getShape());
        assertArrayEquals(
                new float[] {-1, -1, -1, -1, -1},
                batch.getLabels().head().get(0, 1).toFloatArray());
    }

    private static void assertSame(NDList djl, NDList ours) {
        assertEquals(djl.size(), ours.size());
        for (int i = 0; i < djl.size(); i++) {
            assertEquals(djl.get(i).getShape(), ours.get(i).getShape(), "array " + i);
            assertEquals(djl.get(i).getDataType(), ours.get(i).getDataType(), "array " + i);
            assertEquals(djl.get(i), ours.get(i), "array " + i);
        }
    }

    private static NDList[] data(Record[] records) {
        NDList[] data = new NDList[records.length];
        for (int i = 0; i < records.length; i++) {
            data[i] = records[i].getData();
        }
        return data;
    }

    private static NDList[] labels(Record[] records) {
        NDList[] labels = new NDList[records.length];
        for (int i = 0; i < records.length; i++) {
            labels[i] = records[i].getLabels();
        }
        return labels;
    }

    /** {@code count} boxes as [class, xmin, ymin, xmax, ymax] rows. */
    private static byte[] boxes(int count) {
        StringBuilder json = new StringBuilder("[");
        for (int box = 0; box < count; box++) {
            json.append(box == 0 ? "" : ",")
                    .append("[")
                    .append(box)
                    .append(", 0.1, 0.2, 0.5, 0.75]");
        }
        return json.append("]").toString().getBytes(StandardCharsets.UTF_8);
    }
}
