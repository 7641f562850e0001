package dev.asyncdataset.examples.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.TrainingData;
import dev.asyncdataset.examples.TrainingSettings;
import dev.asyncdataset.examples.s3.S3Connection;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The loader's resident memory over a long run, as a user's process sees it: epochs back to back
 * for {@code --minutes}, every batch closed at once, and every {@code --sample-seconds} the
 * process's resident set (VmRSS), the direct buffers alive (the JDK's "direct" buffer pool, which
 * also counts FFM segments) and the heap committed, with no forced garbage collection. After {@code
 * --warmup-minutes} it fits a least-squares line to RSS against time and prints its slope in MB per
 * 10 minutes, with one {@code RESULT {...}} JSON line. Options: those of {@code TrainResNet} (the
 * loader's defaults, batch 64, 224 px), plus
 *
 * <pre>
 * --minutes M (20)  --warmup-minutes W (5)  --sample-seconds S (10)
 * </pre>
 */
public final class LongRunMemory {

    private LongRunMemory() {}

    /**
     * Runs the loader and prints the samples and the result line.
     *
     * @param args the options
     * @throws Exception if the data cannot be read or loading fails
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> defaults = TrainingSettings.defaults();
        defaults.putAll(BenchDefaults.recipe());
        defaults.putAll(
                Options.defaults(
                        "--gpus 0 --epochs 1 --minutes 20 --warmup-minutes 5 --sample-seconds 10"));
        Options options = Options.parse(args, defaults);
        TrainingSettings settings = TrainingSettings.from(options);
        long end = System.nanoTime() + (long) (options.integer("minutes") * 60e9);
        long sampleNanos = (long) (options.integer("sample-seconds") * 1e9);
        List<Sample> samples = new ArrayList<>();
        long start = System.nanoTime();
        long images = 0;
        S3Connection connection = S3Connection.withDefaultCredentials(settings.endpoint());
        try (NDManager manager = NDManager.newBaseManager(Device.cpu());
                TrainingData data = TrainingData.open(settings, connection, Device.cpu())) {
            long next = start;
            while (System.nanoTime() < end) {
                try (NDManager epoch = manager.newSubManager()) {
                    for (Batch batch : data.dataset().getData(epoch)) {
                        images += batch.getSize();
                        batch.close();
                        if (System.nanoTime() >= next) {
                            samples.add(Sample.now(start, images));
                            System.out.println(samples.getLast());
                            next += sampleNanos;
                        }
                    }
                }
            }
        }
        System.out.println("RESULT " + result(samples, options.integer("warmup-minutes") * 60.0));
        System.exit(0);
    }

    private static String result(List<Sample> samples, double warmupSeconds) {
        List<Sample> steady = samples.stream().filter(s -> s.seconds() >= warmupSeconds).toList();
        Sample first = steady.getFirst();
        Sample last = steady.getLast();
        return String.format(
                Locale.ROOT,
                "{\"rss_slope_mb_per_10min\": %.2f, \"rss_mb\": [%.1f, %.1f], "
                        + "\"peak_rss_mb\": %.1f, \"direct_buffers\": [%d, %d], "
                        + "\"direct_mb\": [%.1f, %.1f], \"heap_committed_mb\": [%.1f, %.1f], "
                        + "\"steady_seconds\": [%.0f, %.0f], \"images_per_second\": %.1f}",
                slopePerSecond(steady) * 600,
                first.rssMb(),
                last.rssMb(),
                samples.stream().mapToDouble(Sample::rssMb).max().orElse(0),
                first.directCount(),
                last.directCount(),
                first.directMb(),
                last.directMb(),
                first.heapMb(),
                last.heapMb(),
                first.seconds(),
                last.seconds(),
                (last.images() - first.images()) / (last.seconds() - first.seconds()));
    }

    /** The least-squares slope of RSS (MB) against time (seconds). */
    private static double slopePerSecond(List<Sample> samples) {
        double meanT = samples.stream().mapToDouble(Sample::seconds).average().orElse(0);
        double meanR = samples.stream().mapToDouble(Sample::rssMb).average().orElse(0);
        double covariance = 0;
        double variance = 0;
        for (Sample s : samples) {
            covariance += (s.seconds() - meanT) * (s.rssMb() - meanR);
            variance += (s.seconds() - meanT) * (s.seconds() - meanT);
        }
        return covariance / variance;
    }

    /** One reading, {@code seconds} after the start, with the images delivered so far. */
    private record Sample(
            double seconds,
            long images,
            double rssMb,
            long directCount,
            double directMb,
            double heapMb) {

        static Sample now(long start, long images) throws IOException {
            BufferPoolMXBean direct =
                    ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                            .filter(pool -> pool.getName().equals("direct"))
                            .findFirst()
                            .orElseThrow();
            return new Sample(
                    (System.nanoTime() - start) / 1e9,
                    images,
                    residentKib() / 1024.0,
                    direct.getCount(),
                    direct.getMemoryUsed() / 1e6,
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted() / 1e6);
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "SAMPLE t=%.0fs images=%d rss=%.1fMB direct=%d/%.1fMB heap=%.1fMB",
                    seconds,
                    images,
                    rssMb,
                    directCount,
                    directMb,
                    heapMb);
        }
    }

    private static long residentKib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}
