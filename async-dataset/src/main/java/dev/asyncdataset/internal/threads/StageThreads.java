package dev.asyncdataset.internal.threads;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates the threads of one owner (a loader, a streamed epoch's shard loads, the shard writer's
 * fetches), named after their stage, and keeps track of them so that closing the owner can wait
 * until every one has ended ({@link #joinAll}). Also counts the live threads of every owner in the
 * whole process, virtual threads included, for tests and reports: every thread the library starts
 * for an epoch or a call is made here; only the process-wide ones, fixed in number, are not.
 */
public final class StageThreads {

    private static final AtomicInteger LIVE = new AtomicInteger();

    private final Set<Thread> running = ConcurrentHashMap.newKeySet();

    /**
     * Returns the number of loader threads, platform and virtual, that are running now. An owner's
     * threads have ended when its close returns.
     *
     * @return the live loader threads
     */
    public static int live() {
        return LIVE.get();
    }

    /**
     * Returns a factory of tracked virtual threads named {@code name}, numbered.
     *
     * @param name the name of the threads' job
     * @return the thread factory
     */
    public ThreadFactory virtual(ThreadName name) {
        return tracking(Thread.ofVirtual().name(name.prefix(), 0).factory());
    }

    /**
     * Returns a factory of tracked daemon platform threads named {@code name}, numbered.
     *
     * @param name the name of the threads' job
     * @return the thread factory
     */
    public ThreadFactory platform(ThreadName name) {
        return tracking(Thread.ofPlatform().name(name.prefix(), 0).daemon().factory());
    }

    /**
     * Returns a factory of tracked daemon platform threads named {@code name}, numbered, that run
     * {@code atEnd} as the last thing they do (such as handing on a decoder's per-thread buffers).
     *
     * @param name the name of the threads' job
     * @param atEnd what each thread runs when its work ends, however it ends
     * @return the thread factory
     */
    public ThreadFactory platform(ThreadName name, Runnable atEnd) {
        ThreadFactory threads = platform(name);
        return task ->
                threads.newThread(
                        () -> {
                            try {
                                task.run();
                            } finally {
                                atEnd.run();
                            }
                        });
    }

    /**
     * Waits until every started thread this factory made has ended, at most {@code millis} in all.
     * Call it after the executors that own the threads have terminated: a thread they made but
     * never started (possible when an executor shuts down) is then known never to run.
     *
     * @return whether they all ended in time
     */
    public boolean joinAll(long millis) throws InterruptedException {
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
