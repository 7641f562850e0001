package dev.asyncdataset.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names the loader's threads after their stage and counts the live ones, virtual threads
 * included, so that tests and {@code LoaderStats} can see that none outlives its iteration.
 */
public final class StageThreads {

    private static final AtomicInteger LIVE = new AtomicInteger();

    private StageThreads() {}

    /**
     * Returns the number of loader threads, platform and virtual, that are running now.
     *
     * @return the live loader threads
     */
    public static int live() {
        return LIVE.get();
    }

    static ThreadFactory virtual(String stage) {
        return counting(Thread.ofVirtual().name("async-dataset-" + stage + "-", 0).factory());
    }

    static ThreadFactory platform(String stage) {
        return counting(Thread.ofPlatform().name("async-dataset-" + stage + "-", 0).daemon().factory());
    }

    private static ThreadFactory counting(ThreadFactory factory) {
        return task -> factory.newThread(() -> {
            LIVE.incrementAndGet();
            try {
                task.run();
            } finally {
                LIVE.decrementAndGet();
            }
        });
    }
}
