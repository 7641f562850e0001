package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet file whose server answers 503 until it recovers is an outage, not damage: at {@code
 * build()} it fails the build, naming the file and the status, within the retry budget; during
 * random access it fails the fetch, and once the server recovers the same source reads every row
 * again, by {@code fetch(i)}, streamed and by random access.
 */
class ParquetOutageIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    /** The retry budget: the build must fail well within a generous bound of it. */
    private static final Duration BUDGET = Duration.ofSeconds(2);

    @TempDir static Path dir;
    private static List<Row> rows;

    @BeforeAll
    static void serveTwoFiles() throws Exception {
        rows = ParquetFixtures.images(Files.createDirectories(dir.resolve("images")));
        Path file = dir.resolve("a.parquet");
        ParquetFixtures.parquetJava(file, rows, CompressionCodecName.SNAPPY, 16, true);
        byte[] bytes = Files.readAllBytes(file);
        HTTP.put("/out/", Map.of("a.parquet", bytes, "b.parquet", bytes));
    }

    @AfterEach
    void heal() {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
    }

    @Test
    void aFileAnswering503AtBuildFailsTheBuildNamingItAndTheStatusNotAsDamage() {
        HTTP.setFaults((key, attempt) -> failingB(key));
        long start = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> open().close());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertFalse(e instanceof BadItemException, e.toString());
        assertTrue(e.getMessage().contains("/out/b.parquet"), e.getMessage());
        assertTrue(e.getMessage().contains("503"), e.getMessage());
        assertTrue(millis < 10 * BUDGET.toMillis(), "failed after " + millis + " ms");
    }

    @Test
    void afterAnOutageDuringRandomAccessTheSameSourceReadsEveryRowAgain() throws Throwable {
        try (LabeledImageSource source = open();
                NDManager manager = NDManager.newBaseManager()) {
            long ofB = rows.size();
            HTTP.setFaults((key, attempt) -> failingB(key));
            assertThrows(Exception.class, () -> SourceEpoch.one(source, manager, ofB));
            heal();
            assertEquals(
                    rows.get(0).label(),
                    SourceEpoch.one(source, manager, ofB).getLabels().head().getLong());
            for (boolean randomAccess : new boolean[] {false, true}) {
                assertEquals(2 * rows.size(), drain(source, manager, randomAccess));
            }
        }
    }

    private static Fault failingB(String key) {
        return key.startsWith("/out/b.parquet") ? Fault.SLOW_DOWN : Fault.NONE;
    }

    private static LabeledImageSource open() throws IOException {
        return ParquetSource.builder()
                .setLocation(HTTP.url("/out/{a,b}.parquet"))
                .optStore(StoreOptions.builder().optRetryBudget(BUDGET).build())
                .build();
    }

    private static int drain(LabeledImageSource source, NDManager manager, boolean randomAccess)
            throws Exception {
        var builder =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(8, false)
                        .optPipeline(ImageRecipes.evaluation(32, 32))
                        .optBadItemPolicy(BadItemPolicy.FAIL);
        return SourceEpoch.drain(
                (randomAccess ? builder.optRandomAccess() : builder).build(), manager);
    }
}
