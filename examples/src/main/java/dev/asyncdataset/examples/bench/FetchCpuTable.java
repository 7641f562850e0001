package dev.asyncdataset.examples.bench;

import java.util.List;
import java.util.Map;

/** The Markdown table of {@link FetchCpuBenchmark}: the median of every column over the rounds. */
final class FetchCpuTable {

    private FetchCpuTable() {}

    /** Formats one row per candidate from its runs' {cpu ms, GETs/s, KB, server cpu ms}. */
    static String format(Map<String, List<double[]>> results, int gets, int inFlight) {
        StringBuilder table = new StringBuilder();
        int rounds = results.values().iterator().next().size();
        table.append(
                String.format(
                        "%d GETs of 110 KB per run, %d in flight, median of %d runs%n",
                        gets, inFlight, rounds));
        table.append(
                "| client | loader CPU ms/GET | GETs/s | KB allocated/GET | S3Proxy CPU ms/GET"
                        + " |\n");
        table.append("|---|---:|---:|---:|---:|\n");
        for (Map.Entry<String, List<double[]>> row : results.entrySet()) {
            table.append(
                    String.format(
                            "| %s | %.3f | %.0f | %.0f | %.2f |%n",
                            row.getKey(),
                            median(row.getValue(), 0),
                            median(row.getValue(), 1),
                            median(row.getValue(), 2),
                            median(row.getValue(), 3)));
        }
        return table.toString();
    }

    private static double median(List<double[]> runs, int column) {
        double[] sorted = runs.stream().mapToDouble(run -> run[column]).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
