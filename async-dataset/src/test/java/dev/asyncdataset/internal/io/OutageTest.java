package dev.asyncdataset.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import dev.asyncdataset.testing.CapturedLogs;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * A store that fails every request for longer than {@link Outage#WARN_AFTER}, on several threads at
 * once, is logged as unreachable once and as answering again once; a short blip logs nothing.
 */
class OutageTest {

    private static final Duration MS = Duration.ofMillis(1);

    @Test
    void anOutageOnSeveralThreadsLogsOneWarningAndOneRecoveryLine() throws Exception {
        Retrier retrier =
                new Retrier(
                        Integer.MAX_VALUE,
                        Duration.ofMinutes(5),
                        MS,
                        MS,
                        IOException.class::isInstance);
        long end = System.nanoTime() + Outage.WARN_AFTER.toNanos() + 500_000_000L;
        try (CapturedLogs logs = new CapturedLogs(Retrier.class.getName(), Level.INFO);
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<String>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                calls.add(threads.submit(() -> retrier.call("s3://bucket/key", () -> down(end))));
            }
            for (Future<String> call : calls) {
                assertEquals("ok", call.get());
            }
            long blip = System.nanoTime() + 5_000_000L;
            retrier.call("s3://bucket/key", () -> down(blip));
            List<String> lines = logs.messages();
            assertEquals(2, lines.size(), lines.toString());
            assertTrue(
                    lines.get(0).startsWith("store unreachable, retrying: ")
                            && lines.get(0).contains("s3://bucket/key: java.io.IOException: down"),
                    lines.get(0));
            assertTrue(lines.get(1).startsWith("store answers again after "), lines.get(1));
        }
    }

    /** Fails until {@code end}, then answers. */
    private static String down(long end) throws IOException {
        if (System.nanoTime() < end) {
            throw new IOException("down");
        }
        return "ok";
    }
}
