package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TextCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mixed text epoch: two sources of documents, one read once and one repeated twice, packed into
 * windows with each document as often as its share says, and resumed mid-epoch to the same windows.
 */
class PackedMixTest {

    private static final int PER_SOURCE = 30;

    @TempDir Path loose;
    @TempDir Path once;
    @TempDir Path twice;
    @TempDir Path files;

    private List<String> documents;
    private Path tokenizer;

    @BeforeEach
    void writeSources() throws Exception {
        documents = TextCorpus.documents(2 * PER_SOURCE, 30, 17);
        TextCorpus.writeShards(
                bytes(documents.subList(0, PER_SOURCE)), loose.resolve("a"), once, 1_500);
        TextCorpus.writeShards(
                bytes(documents.subList(PER_SOURCE, 2 * PER_SOURCE)),
                loose.resolve("b"),
                twice,
                1_500);
        tokenizer = files.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
    }

    @Test
    void eachDocumentIsPackedAsOftenAsItsSourcesShareSays() throws Exception {
        Map<Long, Integer> counts = new HashMap<>();
        List<Long> stream;
        try (PackedDataset dataset = packed(null);
                NDManager manager = NDManager.newBaseManager()) {
            stream = TextCorpus.stream(windows(dataset, manager, Integer.MAX_VALUE));
        }
        for (List<Long> document : TextCorpus.split(stream)) {
            counts.merge(document.get(0), 1, Integer::sum);
        }
        int cut = 0;
        for (int i = 0; i < documents.size(); i++) {
            int wanted = i < PER_SOURCE ? 1 : 2;
            int got = counts.getOrDefault(TextCorpus.ids(documents.get(i)).get(0), 0);
            assertTrue(got == wanted || got == wanted - 1, "document " + i + ": " + got);
            cut += wanted - got;
        }
        assertTrue(cut <= 1, "only the tail's document may be cut: " + cut);
    }

    @Test
    void aMixedEpochResumedMidWayGivesTheSameWindows() throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            List<long[]> whole;
            try (PackedDataset dataset = packed(null)) {
                whole = windows(dataset, manager, Integer.MAX_VALUE);
            }
            int stopAfter = whole.size() / 2 / 2;
            IterationState saved;
            List<long[]> before;
            try (PackedDataset dataset = packed(null)) {
                before = windows(dataset, manager, stopAfter);
                saved = IterationState.parse(dataset.iterationState().format());
            }
            try (PackedDataset resumed = packed(saved)) {
                List<long[]> joined = new ArrayList<>(before);
                joined.addAll(windows(resumed, manager, Integer.MAX_VALUE));
                assertEquals(whole.size(), joined.size(), saved.format());
                for (int i = 0; i < whole.size(); i++) {
                    assertArrayEquals(whole.get(i), joined.get(i), "window " + i);
                }
            }
        }
    }

    private PackedDataset packed(IterationState resume) throws Exception {
        ConcurrentDatasetBuilder docs =
                ConcurrentDataset.builder()
                        .addSource("once", source(once), SourceShare.once())
                        .addSource("twice", source(twice), SourceShare.repeat(2))
                        .setSampling(4, true)
                        .optSeed(3);
        PackedDataset.Builder builder =
                PackedDataset.builder()
                        .setDocuments(docs)
                        .setTokenizer(tokenizer.toString())
                        .setSequenceLength(11)
                        .setBatchSize(2);
        return (resume == null ? builder : builder.optResumeFrom(resume)).build();
    }

    private static ItemSource<?> source(Path shards) throws Exception {
        return TarShardSource.builder()
                .setLocation(shards.toString())
                .buildSamples(SampleDecoder.text("txt"));
    }

    /** Reads the windows of up to {@code batches} batches of an epoch. */
    private static List<long[]> windows(PackedDataset dataset, NDManager manager, int batches)
            throws Exception {
        List<long[]> windows = new ArrayList<>();
        int read = 0;
        for (Batch batch : dataset.getData(manager)) {
            try (batch) {
                windows.addAll(TextCorpus.windows(batch));
            }
            if (++read == batches) {
                break;
            }
        }
        return windows;
    }

    private static List<byte[]> bytes(List<String> texts) {
        return texts.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    }
}
