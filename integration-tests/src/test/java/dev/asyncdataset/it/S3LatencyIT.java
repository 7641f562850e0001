package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.source.S3Source;
import dev.asyncdataset.testing.TestImages;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With 20 ms added to every GET, the 32 items of a batch fetched at once cost about one more round
 * trip than without latency, while the same 32 fetched one after another cost about 32. The
 * latency's cost is measured against a twin server without latency, interleaved in the same run, so
 * the CPU the GETs need on a busy machine does not count against it.
 */
class S3LatencyIT {

    private static final long LATENCY_MS = 20;
    private static final int BATCH = 32;
    private static final int WARM_UP = 5;
    private static final int MEASURED = 10;

    @RegisterExtension static final S3ProxyServer SLOW = new S3ProxyServer(LATENCY_MS);
    @RegisterExtension static final S3ProxyServer FAST = new S3ProxyServer(0);

    @Test
    void aBatchCostsAboutOneRoundTripNotThirtyTwo() throws Exception {
        Map<String, byte[]> images = TestImages.classFolders(2, 2 * BATCH, 64, 48);
        SLOW.upload("lat", "", images);
        FAST.upload("lat", "", images);
        try (S3Source slow = SLOW.sourceBuilder("s3://lat").build();
                S3Source fast = FAST.sourceBuilder("s3://lat").build();
                NDManager manager = NDManager.newBaseManager()) {
            long bestSlow = Long.MAX_VALUE;
            long bestFast = Long.MAX_VALUE;
            for (int batch = 0; batch < WARM_UP + MEASURED; batch++) {
                long offset = batch * 7L;
                List<Long> indices =
                        LongStream.range(0, BATCH)
                                .map(i -> (i + offset) % slow.size())
                                .boxed()
                                .toList();
                long slowMillis = parallelMillis(slow, manager, indices);
                long fastMillis = parallelMillis(fast, manager, indices);
                if (batch >= WARM_UP) {
                    bestSlow = Math.min(bestSlow, slowMillis);
                    bestFast = Math.min(bestFast, fastMillis);
                }
            }
            long start = System.nanoTime();
            for (long i = 0; i < BATCH; i++) {
                slow.fetch(manager, i);
            }
            long sequentialMillis = (System.nanoTime() - start) / 1_000_000;
            String times =
                    "parallel batch: "
                            + bestSlow
                            + " ms at 20 ms per GET, "
                            + bestFast
                            + " ms at 0 ms; sequential: "
                            + sequentialMillis
                            + " ms";
            assertTrue(bestSlow - bestFast < 4 * LATENCY_MS, times);
            assertTrue(sequentialMillis > 16 * LATENCY_MS, times);
            System.out.println(times);
        }
    }

    private static long parallelMillis(S3Source source, NDManager manager, List<Long> indices)
            throws Exception {
        long start = System.nanoTime();
        SourceEpoch.fetch(source, manager, indices);
        return (System.nanoTime() - start) / 1_000_000;
    }
}
