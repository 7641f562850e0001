package dev.asyncdataset;

import ai.djl.metric.Metrics;
import ai.djl.training.Trainer;
import ai.djl.training.listener.TrainingListenerAdapter;
import dev.asyncdataset.epoch.LoaderStats;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A DJL training listener that reports, after every epoch, how long the trainer waited for data
 * from a {@link ConcurrentDataset} and which stage limits it, for example {@code "epoch 3: data
 * wait 12.1% of wall time, 812 items/s; slowest stage: storage (fetch p99 180.0 ms, fetch limit
 * 64)"}; when neither the storage nor the decode time per item is large enough to explain the wait
 * (a tiny in-memory run, say), it says it cannot tell instead of naming one. It also records the
 * figures in the trainer's {@link Metrics}, when it has one, as {@code data_wait_share}, {@code
 * data_items_per_second}, {@code data_fetch_p99_ms}, {@code data_decode_ms_per_item} and {@code
 * data_fetch_limit}.
 *
 * <p>Users get it from {@link ConcurrentDataset#dataWaitListener()}.
 */
final class DataWaitListener extends TrainingListenerAdapter {

    private static final Logger logger = LoggerFactory.getLogger(DataWaitListener.class);
    private static final double WAITING = 0.05;
    // a stage explains the wait only if an item spends a fair part of the wall time per item in it
    private static final double UNEXPLAINED = 0.25;

    private final ConcurrentDataset dataset;

    /**
     * Creates a listener for the training dataset {@code dataset}.
     *
     * @param dataset the dataset to report on
     */
    DataWaitListener(ConcurrentDataset dataset) {
        this.dataset = dataset;
    }

    /** {@inheritDoc} */
    @Override
    public void onEpoch(Trainer trainer) {
        LoaderStats stats = dataset.stats();
        logger.info(describe(stats));
        Metrics metrics = trainer.getMetrics();
        if (metrics != null) {
            metrics.addMetric("data_wait_share", stats.dataWaitShare());
            metrics.addMetric("data_items_per_second", stats.itemsPerSecond());
            metrics.addMetric("data_fetch_p99_ms", stats.fetchP99Millis());
            metrics.addMetric("data_decode_ms_per_item", stats.decodeMillisPerItem());
            metrics.addMetric("data_fetch_limit", stats.fetchLimit());
        }
    }

    /**
     * Describes one epoch's statistics in one line.
     *
     * @param stats the statistics
     * @return a line such as the one in the class documentation
     */
    static String describe(LoaderStats stats) {
        return String.format(
                Locale.ROOT,
                "epoch %d: data wait %.1f%% of wall time, %.0f items/s; slowest stage: %s",
                stats.epoch(),
                100 * stats.dataWaitShare(),
                stats.itemsPerSecond(),
                slowestStage(stats));
    }

    private static String slowestStage(LoaderStats stats) {
        if (stats.dataWaitShare() < WAITING) {
            return "training (data is ready in time)";
        }
        double wallPerItem = stats.items() == 0 ? 0 : stats.wallNanos() / 1e6 / stats.items();
        double slowest = Math.max(stats.fetchP50Millis(), stats.decodeMillisPerItem());
        if (slowest < UNEXPLAINED * wallPerItem) {
            return String.format(
                    Locale.ROOT,
                    "cannot tell (fetch p50 %.2f ms and decode %.2f ms per item are small against"
                            + " %.2f ms of wall time per item: the wait is start-up or per-batch"
                            + " overhead, not one stage)",
                    stats.fetchP50Millis(),
                    stats.decodeMillisPerItem(),
                    wallPerItem);
        }
        if (stats.fetchP50Millis() > stats.decodeMillisPerItem()) {
            return String.format(
                    Locale.ROOT,
                    "storage (fetch p99 %.1f ms, fetch limit %d)",
                    stats.fetchP99Millis(),
                    stats.fetchLimit());
        }
        return String.format(Locale.ROOT, "decode (%.2f ms per item)", stats.decodeMillisPerItem());
    }
}
