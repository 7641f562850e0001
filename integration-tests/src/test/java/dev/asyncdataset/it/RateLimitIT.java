package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.TestImages;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A per-object S3 source against a server that answers GETs above 200 a second with 503 SlowDown,
 * as S3 answers above a prefix's request rate: the epoch still delivers every item exactly once,
 * and every 503 the server sent is a retry the source counted.
 */
class RateLimitIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://limited/train";
    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(4, 150, 32, 24);
    private static final int GETS_PER_SECOND = 200;

    @AfterEach
    void liftTheLimit() {
        S3.rateLimit().setGetsPerSecond(0);
    }

    @Test
    void deliversEveryItemOnceUnderTheLimitAndCountsEverySlowDownAsARetry() throws Exception {
        S3.upload("limited", "train/", IMAGES);
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        S3.rateLimit().setGetsPerSecond(GETS_PER_SECOND);
        long slowDownsBefore = S3.rateLimit().slowDowns();
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(s3)
                            .setSampling(32, true)
                            .optPipeline(ImageRecipes.training(16))
                            .optSeed(17)
                            .build();
            List<Long> delivered = new ArrayList<>();
            for (Batch batch : dataset.getData(manager)) {
                batch.getIndices().forEach(index -> delivered.add((Long) index));
                batch.close();
            }
            long slowDowns = S3.rateLimit().slowDowns() - slowDownsBefore;
            System.out.printf(
                    "rate limit %d GETs/s: %d items, %d answered 503 SlowDown, %d retries"
                            + " counted%n",
                    GETS_PER_SECOND, delivered.size(), slowDowns, s3.stats().retries());

            assertEquals(IMAGES.size(), new TreeSet<>(delivered).size(), "items lost");
            assertEquals(IMAGES.size(), delivered.size(), "items delivered twice");
            assertTrue(slowDowns > 0, "the limit never answered 503 SlowDown");
            assertTrue(
                    s3.stats().retries() >= slowDowns,
                    s3.stats().retries() + " retries counted for " + slowDowns + " SlowDowns");
            assertEquals(
                    IMAGES.size() + s3.stats().retries(), S3.faults().getCount(), "GETs served");
        }
    }
}
