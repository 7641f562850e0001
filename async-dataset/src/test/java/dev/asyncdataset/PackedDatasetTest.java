package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.MemoryStoreProvider;
import dev.asyncdataset.testing.TextCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Packed language-model batches from tar shards of {@code .txt} documents: every token of an epoch
 * in exactly one window, long documents split, exact resume, disjoint ranks.
 */
class PackedDatasetTest {

    private static final int SEQ_LEN = 15;
    private static final int WINDOW = SEQ_LEN + 1;
    private static final int BATCH = 3;

    @TempDir Path loose;
    @TempDir Path shards;
    @TempDir Path files;

    private List<String> documents;
    private Path tokenizer;

    /** Writes 60 documents whose tokens, each with its end-of-text id, fill whole windows. */
    @BeforeEach
    void writeCorpus() throws Exception {
        documents = new ArrayList<>(TextCorpus.documents(59, 40, 11));
        int tokens = documents.stream().mapToInt(d -> TextCorpus.ids(d).size() + 1).sum();
        int words = Math.floorMod(-tokens - 1, WINDOW);
        documents.add(
                IntStream.range(0, words == 0 ? WINDOW : words)
                        .mapToObj(k -> "w" + (documents.size() + k))
                        .collect(Collectors.joining(" ")));
        List<byte[]> bytes = new ArrayList<>();
        documents.forEach(d -> bytes.add(d.getBytes(StandardCharsets.UTF_8)));
        TextCorpus.writeShards(bytes, loose, shards, 2_000);
        tokenizer = files.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
    }

    @Test
    void everyTokenOfAnEpochIsInExactlyOneWindowAndLongDocumentsAreSplit() throws Exception {
        try (PackedDataset dataset = packed(null, 0, 1);
                NDManager manager = NDManager.newBaseManager()) {
            List<long[]> windows = epoch(dataset, manager);
            List<List<Long>> delivered = TextCorpus.split(TextCorpus.stream(windows));
            assertEquals(
                    List.of(),
                    TextCorpus.difference(delivered, expected(documents)),
                    "not delivered");
            assertEquals(
                    List.of(),
                    TextCorpus.difference(expected(documents), delivered),
                    "delivered twice or not written");
            assertTrue(windows.stream().noneMatch(w -> w.length != WINDOW));
            long longest =
                    documents.stream().mapToLong(d -> TextCorpus.ids(d).size()).max().orElseThrow();
            assertTrue(longest > WINDOW, "a document longer than a window: " + longest);
        }
    }

    @Test
    void anEpochResumedAfterTheFirstAMiddleOrTheLastBatchGivesTheSameWindows() throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            List<List<long[]>> whole;
            try (PackedDataset dataset = packed(null, 0, 1)) {
                whole = batches(dataset, manager, Integer.MAX_VALUE);
            }
            int n = whole.size();
            long carried = 0;
            for (int stopAfter : new int[] {1, n / 3, n / 2, n - 1}) {
                String saved;
                try (PackedDataset dataset = packed(null, 0, 1)) {
                    batches(dataset, manager, stopAfter);
                    saved = dataset.iterationState().format();
                }
                IterationState state = IterationState.parse(saved);
                carried += state.tokens();
                try (PackedDataset resumed = packed(state, 0, 1)) {
                    List<List<long[]>> after = batches(resumed, manager, Integer.MAX_VALUE);
                    assertSameWindows(whole.subList(stopAfter, n), after, saved);
                }
            }
            assertTrue(carried > 0, "a resume point inside a document batch");
        }
    }

    @Test
    void ranksPackDisjointDocuments() throws Exception {
        int world = 3;
        Set<List<Long>> seen = new HashSet<>();
        int complete = 0;
        List<List<Long>> tails = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int rank = 0; rank < world; rank++) {
                try (PackedDataset dataset = packed(null, rank, world)) {
                    List<Long> stream = TextCorpus.stream(epoch(dataset, manager));
                    List<List<Long>> docs = TextCorpus.split(stream);
                    for (List<Long> doc : docs) {
                        assertTrue(seen.add(doc), "delivered twice: " + doc);
                    }
                    complete += docs.size();
                    tails.add(
                            stream.subList(
                                    stream.lastIndexOf(TextCorpus.END_OF_TEXT) + 1, stream.size()));
                }
            }
        }
        Set<Long> firsts = new HashSet<>();
        seen.forEach(doc -> firsts.add(doc.get(0)));
        tails.stream()
                .filter(t -> !t.isEmpty())
                .forEach(t -> assertTrue(firsts.add(t.get(0)), "tail of a delivered document"));
        assertTrue(complete >= documents.size() - world, "complete documents: " + complete);
        assertTrue(firsts.size() <= documents.size());
    }

    @Test
    void aTokenizerAtAStoreUrlPacksAsTheSameFileDoes() throws Exception {
        String url = MemoryStoreProvider.SCHEME + "://tokenizers/text/tokenizer.json";
        MemoryStoreProvider.OBJECTS.put(url, Files.readAllBytes(tokenizer));
        try (PackedDataset fromFile = packed(null, 0, 1);
                PackedDataset fromStore = packed(null, 0, 1, url);
                NDManager manager = NDManager.newBaseManager()) {
            assertSameWindows(
                    List.of(epoch(fromFile, manager)), List.of(epoch(fromStore, manager)), url);
        } finally {
            MemoryStoreProvider.OBJECTS.remove(url);
        }
        String missing = MemoryStoreProvider.SCHEME + "://tokenizers/none/tokenizer.json";
        Exception e = assertThrows(Exception.class, () -> packed(null, 0, 1, missing).close());
        assertTrue(e.getMessage().contains(missing), e.getMessage());
    }

    private PackedDataset packed(IterationState resume, int rank, int world) throws Exception {
        return packed(resume, rank, world, tokenizer.toString());
    }

    private PackedDataset packed(IterationState resume, int rank, int world, String tokenizer)
            throws Exception {
        ItemSource<Sample> texts =
                TarShardSource.builder()
                        .setLocation(shards.toString())
                        .buildSamples(SampleDecoder.text("txt"));
        ConcurrentDatasetBuilder docs =
                ConcurrentDataset.builder().setSource(texts).setSampling(4, true).optSeed(7);
        if (world > 1) {
            docs.optShard(rank, world);
        }
        PackedDataset.Builder builder =
                PackedDataset.builder()
                        .setDocuments(docs)
                        .setTokenizer(tokenizer)
                        .setSequenceLength(SEQ_LEN)
                        .setBatchSize(BATCH);
        if (resume != null) {
            builder.optResumeFrom(resume);
        }
        return builder.build();
    }

    private static void assertSameWindows(
            List<List<long[]>> expected, List<List<long[]>> actual, String state) {
        assertEquals(expected.size(), actual.size(), "batches after " + state);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).size(), actual.get(i).size(), "batch " + i);
            for (int j = 0; j < expected.get(i).size(); j++) {
                assertArrayEquals(expected.get(i).get(j), actual.get(i).get(j), state);
            }
        }
    }

    /** Reads an epoch's windows, checking the shift. */
    private static List<long[]> epoch(PackedDataset dataset, NDManager manager) throws Exception {
        List<long[]> windows = new ArrayList<>();
        batches(dataset, manager, Integer.MAX_VALUE).forEach(windows::addAll);
        return windows;
    }

    /** Reads up to {@code count} batches of an epoch, each as its windows, checking the shift. */
    private static List<List<long[]>> batches(PackedDataset dataset, NDManager manager, int count)
            throws Exception {
        List<List<long[]>> batches = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            try (batch) {
                batches.add(TextCorpus.windows(batch));
            }
            if (batches.size() == count) {
                break;
            }
        }
        return batches;
    }

    private static List<List<Long>> expected(List<String> documents) {
        return documents.stream().map(TextCorpus::ids).toList();
    }
}
