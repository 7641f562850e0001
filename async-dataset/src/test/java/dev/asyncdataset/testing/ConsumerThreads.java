package dev.asyncdataset.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.asyncdataset.epoch.DataLoadingException;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/** Runs a trainer's loop on a platform thread of its own, as the stress tests end epochs. */
public final class ConsumerThreads {

    private ConsumerThreads() {}

    /** How a stress test's trainer ends an epoch. */
    public enum Ending {
        /** It takes every batch. */
        FINISH,
        /** It breaks out of its loop. */
        BREAK,
        /** Another thread interrupts it. */
        INTERRUPT,
        /** It closes its manager. */
        CLOSE_MANAGER;

        /** Draws one of {@code among}, each as likely. */
        public static Ending draw(Random random, Ending... among) {
            return among[random.nextInt(among.length)];
        }
    }

    /**
     * Runs {@code consume} on a new platform thread, interrupts it after a random delay of up to 20
     * ms if {@code ending} is {@link Ending#INTERRUPT}, and fails if it has not ended within a
     * minute.
     *
     * @param what names the run in the failure message
     */
    public static void run(String what, Runnable consume, Ending ending, Random random)
            throws InterruptedException {
        Thread consumer = Thread.ofPlatform().name("stress-trainer").start(consume);
        if (ending == Ending.INTERRUPT) {
            TimeUnit.MICROSECONDS.sleep(random.nextInt(20_000));
            consumer.interrupt();
        }
        consumer.join(Duration.ofSeconds(60));
        assertFalse(consumer.isAlive(), what + " hangs");
    }

    /**
     * Adds what a trainer's loop threw to {@code unexpected}, unless the loop was interrupted on
     * purpose ({@code ending}) and this is the loader reporting that interrupt.
     */
    public static void collect(Throwable thrown, Ending ending, List<Throwable> unexpected) {
        if (ending != Ending.INTERRUPT
                || !(thrown instanceof DataLoadingException)
                || !(thrown.getCause() instanceof InterruptedException)) {
            unexpected.add(thrown);
        }
    }
}
