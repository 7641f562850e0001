package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.Poll;
import dev.asyncdataset.testing.TestImages;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With 20 ms added to every GET, the 32 GETs of a batch reach the server together, so the batch
 * costs about one round trip, not 32. Shown by concurrency at the server, not by time: the first
 * batch's GETs are each held until all 32 have arrived, which a loader reading them one after
 * another never achieves.
 */
class S3LatencyIT {

    private static final long LATENCY_MS = 20;
    private static final int BATCH = 32;

    @RegisterExtension static final S3ProxyServer SLOW = new S3ProxyServer(LATENCY_MS);

    @Test
    void allTheGetsOfABatchAreAtTheServerTogether() throws Exception {
        SLOW.upload("lat", "", TestImages.classFolders(2, 2 * BATCH, 64, 48));
        CountDownLatch batchAtServer = new CountDownLatch(BATCH);
        AtomicBoolean together = new AtomicBoolean();
        SLOW.faults()
                .setPolicy(
                        (key, attempt) -> {
                            batchAtServer.countDown();
                            if (await(batchAtServer)) {
                                together.set(true);
                            }
                            return Fault.NONE;
                        });
        try (LabeledImageSource source = SLOW.sourceBuilder("s3://lat").build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(BATCH, false)
                            .optFetchers(2 * BATCH)
                            .optPrefetchNumber(1)
                            .build();
            assertEquals(4 * BATCH, SourceEpoch.drain(dataset, manager));
        }
        assertTrue(together.get(), "the first batch's GETs never were at the server all at once");
    }

    /** Waits, bounded, until the whole batch's GETs arrived; whether they did. */
    private static boolean await(CountDownLatch batchAtServer) {
        try {
            return batchAtServer.await(Poll.LIMIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
