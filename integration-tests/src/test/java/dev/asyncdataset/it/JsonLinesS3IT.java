package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.PackedDataset;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import dev.asyncdataset.source.jsonl.JsonLinesSource;
import dev.asyncdataset.testing.TextCorpus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON Lines files (plain, gzip, Zstandard) on a real S3 server (S3Proxy), packed into
 * language-model windows while the first GETs of each file answer 503 SlowDown or arrive with a bit
 * flipped: every record once, the failures retried and counted, the flipped bodies caught by the
 * store's checksum.
 */
class JsonLinesS3IT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final List<String> NAMES = List.of("a.jsonl", "b.jsonl.gz", "c.jsonl.zst");
    private static final int PER_FILE = 40;

    @TempDir static Path dir;
    private static List<String> documents;
    private static Path tokenizer;

    @BeforeAll
    static void upload() throws Exception {
        documents = TextCorpus.documents(NAMES.size() * PER_FILE, 60, 8);
        Map<String, byte[]> objects = new HashMap<>();
        for (int f = 0; f < NAMES.size(); f++) {
            List<byte[]> lines = new ArrayList<>();
            documents
                    .subList(f * PER_FILE, (f + 1) * PER_FILE)
                    .forEach(d -> lines.add(TextCorpus.record(d)));
            objects.put(NAMES.get(f), TextCorpus.jsonLines(NAMES.get(f), lines));
        }
        S3.upload("text", "corpus/", objects);
        tokenizer = dir.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
    }

    @Test
    void everyRecordIsPackedOnceThroughSlowDownsAndFlippedBits() throws Exception {
        S3.faults()
                .setPolicy(
                        (key, attempt) ->
                                attempt > 2
                                        ? Fault.NONE
                                        : attempt == 1 ? Fault.SLOW_DOWN : Fault.CORRUPT);
        ItemSource<Sample> texts =
                JsonLinesSource.builder()
                        .setLocation("s3://text/corpus/")
                        .optStore(S3.storeOptions().build())
                        .buildSamples(SampleDecoder.text("text"));
        try (PackedDataset dataset =
                        PackedDataset.builder()
                                .setDocuments(
                                        ConcurrentDataset.builder()
                                                .setSource(texts)
                                                .setSampling(16, true)
                                                .optSeed(4))
                                .setTokenizer(tokenizer.toString())
                                .setSequenceLength(63)
                                .setBatchSize(4)
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            List<List<Long>> delivered =
                    TextCorpus.split(TextCorpus.tokens(dataset.getData(manager)));
            List<List<Long>> all = documents.stream().map(TextCorpus::ids).toList();
            assertEquals(List.of(), TextCorpus.difference(all, delivered), "delivered twice");
            assertTrue(TextCorpus.difference(delivered, all).size() <= 1, "records not packed");
            SourceStats stats = texts.stats();
            assertTrue(stats.retries() >= 2L * NAMES.size(), "retries: " + stats.retries());
            assertTrue(stats.integrityFailures() >= NAMES.size(), "flipped: " + stats);
        } finally {
            S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        }
    }
}
