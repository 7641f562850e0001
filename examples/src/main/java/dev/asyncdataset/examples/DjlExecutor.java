package dev.asyncdataset.examples;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The executor DJL's loader is given ({@code --djl-threads N}): DJL then loads up to N batches at
 * once, one task per batch. None for ConcurrentDataset, which brings its own threads, or when N is
 * 0.
 *
 * @param service the fixed pool, or {@code null} for none
 */
public record DjlExecutor(ExecutorService service) implements AutoCloseable {

    /**
     * Creates the executor {@code settings} ask for.
     *
     * @param settings the run's settings
     * @return a pool of {@code djlThreads} threads for DJL's loader, else none
     */
    public static DjlExecutor of(TrainingSettings settings) {
        if (!settings.loader().equals("djl") || settings.djlThreads() == 0) {
            return new DjlExecutor(null);
        }
        return new DjlExecutor(Executors.newFixedThreadPool(settings.djlThreads()));
    }

    /**
     * Stops the pool after the batches it is loading (DJL does not cancel its prefetched tasks when
     * an epoch is cut short), waiting at most a minute.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    @Override
    public void close() throws InterruptedException {
        if (service != null) {
            service.shutdown();
            if (!service.awaitTermination(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("DJL's loader tasks still running after 1 minute");
            }
        }
    }
}
