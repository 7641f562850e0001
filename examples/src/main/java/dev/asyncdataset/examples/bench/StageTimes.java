package dev.asyncdataset.examples.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Per-stage CPU time of several runs (this thread's CPU time, which a busy shared machine barely
 * disturbs), reported as the median over runs of microseconds per image.
 */
final class StageTimes {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Map<String, List<Double>> runs = new LinkedHashMap<>();
    private final Map<String, Long> current = new LinkedHashMap<>();

    /** Times {@code body} and adds its duration to {@code stage} in the current run. */
    <T> T time(String stage, Supplier<T> body) {
        long start = THREADS.getCurrentThreadCpuTime();
        T result = body.get();
        current.merge(stage, THREADS.getCurrentThreadCpuTime() - start, Long::sum);
        return result;
    }

    /** Closes the current run, which handled {@code images} images. */
    void endRun(int images) {
        current.forEach(
                (stage, nanos) ->
                        runs.computeIfAbsent(stage, s -> new ArrayList<>())
                                .add(nanos / 1e3 / images));
        current.clear();
    }

    /** Forgets all runs (after warm-up). */
    void reset() {
        runs.clear();
    }

    /** Returns the median microseconds per image of {@code stage}. */
    double median(String stage) {
        double[] values = runs.get(stage).stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(values);
        int mid = values.length / 2;
        return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    }
}
