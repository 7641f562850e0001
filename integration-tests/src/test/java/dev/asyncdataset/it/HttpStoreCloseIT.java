package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.Poll;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing a tar source over HTTP is bounded: after a random-access epoch failed on a server that
 * ignores {@code Range}, with whole-shard {@code 200} bodies still in flight, {@code close} returns
 * promptly, cycle after cycle, and leaves no HTTP client thread behind.
 */
class HttpStoreCloseIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    private static final int CYCLES = Integer.getInteger("asyncdataset.close.cycles", 30);

    /** Far longer than a close takes; a hang fails the test instead of stopping the build. */
    private static final Duration CLOSE_BOUND = Duration.ofSeconds(30);

    @TempDir Path dir;

    @Test
    void closeAfterAFailedEpochWithBodiesInFlightReturnsPromptlyAndLeavesNoThread()
            throws Exception {
        Map<String, byte[]> files = ShardFixtures.write(dir, 4, 30, 256, 256, 1_500_000);
        HTTP.put("/big/", files);
        long shards = files.keySet().stream().filter(n -> n.endsWith(".tar")).count();
        assertTrue(shards > 1, "shards: " + files.keySet());
        String url = HTTP.url("/big/shard-{000000..00000" + (shards - 1) + "}.tar");
        HTTP.setHonoursRange(false);
        long threadsBefore = httpClientThreads();
        long slowest = 0;
        try {
            for (int cycle = 0; cycle < CYCLES; cycle++) {
                LabeledImageSource http = TarShardSource.builder().setLocation(url).build();
                assertThrows(Exception.class, () -> FaultCampaignIT.epoch(http, true));
                slowest = Math.max(slowest, closeWithin(http, cycle));
            }
        } finally {
            HTTP.setHonoursRange(true);
        }
        System.out.printf("%d cycles, slowest close %d ms%n", CYCLES, slowest);
        Poll.until("no HTTP client thread left", () -> httpClientThreads() <= threadsBefore);
    }

    /** Closes {@code source} on a thread of its own; fails if that takes {@link #CLOSE_BOUND}. */
    private static long closeWithin(LabeledImageSource source, int cycle)
            throws InterruptedException {
        long start = System.nanoTime();
        Thread closing = Thread.ofPlatform().name("closing-" + cycle).start(source::close);
        if (!closing.join(CLOSE_BOUND)) {
            closing.interrupt();
            fail("close did not return within " + CLOSE_BOUND + " in cycle " + cycle);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** The threads of the JDK's HTTP clients: their selector managers and workers. */
    private static long httpClientThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("HttpClient-"))
                .count();
    }
}
