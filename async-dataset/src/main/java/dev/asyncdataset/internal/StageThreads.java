package dev.asyncdataset.internal;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates the threads of one loader, named after their stage, and keeps track of them so that
 * closing the loader can wait until every one has ended. Also counts the live loader threads of the
 * whole process, virtual threads included, for tests and reports.
 */
public final class StageThreads {

    private static final AtomicInteger LIVE = new AtomicInteger();

    private final Set<Thread> running = ConcurrentHashMap.newKeySet();

    /**
     * Returns the number of loader threads, platform and virtual, that are running now.
     *
     * @return the live loader threads
     */
    public static int live() {
        return LIVE.get();
    }

    ThreadFactory virtual(String stage) {
        return tracking(Thread.ofVirtual().name("async-dataset-" + stage + "-", 0).factory());
    }

    ThreadFactory platform(String stage) {
        return tracking(
                Thread.ofPlatform().name("async-dataset-" + stage + "-", 0).daemon().factory());
    }

    /**
     * Waits until every started thread this factory made has ended, at most {@code millis} in all.
     * Call it after the executors that own the threads have terminated: a thread they made but
     * never started (possible when an executor shuts down) is then known never to run.
     *
     * @return whether they all ended in time
     */
    boolean joinAll(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Thread thread : running) {
            long left = deadline - System.nanoTime();
            if (thread.getState() == Thread.State.NEW) {
                continue;
            }
            if (left <= 0 || !thread.join(Duration.ofNanos(left))) {
                return false;
            }
        }
        return true;
    }

    private ThreadFactory tracking(ThreadFactory factory) {
        return task -> {
            Thread[] self = new Thread[1];
            self[0] =
                    factory.newThread(
                            () -> {
                                LIVE.incrementAndGet();
                                try {
                                    task.run();
                                } finally {
                                    LIVE.decrementAndGet();
                                    running.remove(self[0]);
                                }
                            });
            running.add(self[0]);
            return self[0];
        };
    }
}
