package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;

/**
 * The retries a call made, read from the loader's {@code Retry} events (JDK Flight Recorder). A
 * busy machine can stall a response past its first-byte timeout, so a fault plan's exact retry
 * counts hold only up to such timeouts; tests allow those, and only those.
 */
final class RetryLog {

    private static final String RETRY = "dev.asyncdataset.Retry";

    private RetryLog() {}

    /**
     * What a call returned, with the error each of its retries named.
     *
     * @param value what the call returned
     * @param errors the error of each retry, in no particular order
     */
    record Recorded<T>(T value, List<String> errors) {

        /** The retries whose error was a timeout. */
        long timeouts() {
            return errors.stream().filter(RetryLog::isTimeout).count();
        }
    }

    /** Runs {@code call}, recording the retries made meanwhile into a file under {@code dir}. */
    static <T> Recorded<T> during(Path dir, Callable<T> call) throws Exception {
        Path file = Files.createTempFile(dir, "retries", ".jfr");
        T value;
        try (Recording recording = new Recording()) {
            recording.enable(RETRY);
            recording.start();
            value = call.call();
            recording.stop();
            recording.dump(file);
        }
        List<String> errors =
                RecordingFile.readAllEvents(file).stream()
                        .filter(event -> event.getEventType().getName().equals(RETRY))
                        .map(event -> event.getString("error"))
                        .toList();
        return new Recorded<>(value, errors);
    }

    /**
     * Asserts that {@code run} counted {@code retries}, one for each of the {@code injected} faults
     * and, beyond them, only retries of requests that timed out.
     */
    static void assertRetriedFaultsAndTimeoutsOnly(Recorded<?> run, long retries, long injected) {
        assertEquals(retries, run.errors().size(), "retries counted against recorded");
        assertTrue(
                retries >= injected && retries - injected <= run.timeouts(),
                retries + " retries for " + injected + " faults; retried: " + run.errors());
    }

    /**
     * Asserts that each of the {@code corrupted} bodies served during {@code run} was refused by
     * the integrity check ({@code caught} counts those), or was retried for a timeout before the
     * check could see it, as a loaded machine may make a request outlast its timeout.
     */
    static void assertCorruptionsCaught(Recorded<?> run, long caught, long corrupted) {
        assertTrue(
                caught <= corrupted && corrupted - caught <= run.timeouts(),
                caught
                        + " integrity failures for "
                        + corrupted
                        + " corrupted bodies, "
                        + run.timeouts()
                        + " timeouts");
    }

    private static boolean isTimeout(String error) {
        return error.contains("Timeout") || error.contains("timed out");
    }
}
