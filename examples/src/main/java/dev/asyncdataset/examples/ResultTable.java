package dev.asyncdataset.examples;

import java.util.List;
import java.util.Locale;

/** Formats training runs side by side as a Markdown table, one row per loader. */
public final class ResultTable {

    private static final String HEADER =
            "| loader | images/s | data-wait share | epoch time (median) | loss reached"
                    + " | val top-1 |";
    private static final String RULE = "|---|---:|---:|---:|---:|---:|";

    private ResultTable() {}

    /**
     * Formats {@code results}.
     *
     * @param results the runs, in the order to show them
     * @return the table, one line per row, ending with a newline
     */
    public static String format(List<RunResult> results) {
        StringBuilder table = new StringBuilder(HEADER).append('\n').append(RULE).append('\n');
        for (RunResult result : results) {
            table.append(
                    String.format(
                            Locale.ROOT,
                            "| %s | %.1f | %.1f %% | %.1f s | %.4f | %s |%n",
                            displayName(result.loader()),
                            result.imagesPerSecond(),
                            100 * result.dataWaitShare(),
                            result.medianEpochSeconds(),
                            result.loss(),
                            percent(result.validation().top1())));
        }
        return table.toString();
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "none" : String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    /**
     * Names a loader for people.
     *
     * @param loader {@code concurrent}, {@code djl} or {@code concurrent-shards}
     * @return the display name
     */
    public static String displayName(String loader) {
        return switch (loader) {
            case "djl" -> "DJL loader (DataIterable)";
            case MainJob.SHARDS_RUN -> "ConcurrentDataset, tar shards";
            default -> "ConcurrentDataset";
        };
    }
}
