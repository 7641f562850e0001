package dev.asyncdataset.testing;

import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * This process's memory as the kernel and the JDK count it, read without a garbage collection: the
 * resident set, the part of it outside the Java heap (native memory: direct buffers, FFM segments,
 * malloc arenas, libtorch), and the direct buffers alive (the JDK's "direct" pool, which also
 * counts FFM segments, freed or not yet found by the garbage collector).
 */
public final class ResidentMemory {

    private static final Pattern HEAP_RANGE = Pattern.compile("\\[(0x[0-9a-f]+), (0x[0-9a-f]+)\\)");
    private static final Pattern MAPPING = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) .*");

    private ResidentMemory() {}

    /** The resident set size, VmRSS, in KiB. */
    public static long totalKib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    /**
     * The resident KiB of every mapping outside the Java heap's reserved range: what the heap's
     * sizing, which a collector decides, cannot move.
     */
    public static long outsideHeapKib() throws Exception {
        long[] heap = heapRange();
        long kib = 0;
        boolean inHeap = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            Matcher mapping = MAPPING.matcher(line);
            if (mapping.matches()) {
                long start = Long.parseUnsignedLong(mapping.group(1), 16);
                inHeap = start >= heap[0] && start < heap[1];
            } else if (line.startsWith("Rss:") && !inHeap) {
                kib += Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return kib;
    }

    /** The bytes of the direct buffers and FFM segments alive, freed or not yet collected. */
    public static long directBytes() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct"))
                .mapToLong(BufferPoolMXBean::getMemoryUsed)
                .sum();
    }

    /** The Java heap's reserved address range, from the JVM's own {@code GC.heap_info}. */
    private static long[] heapRange() throws Exception {
        Object info =
                ManagementFactory.getPlatformMBeanServer()
                        .invoke(
                                new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                "gcHeapInfo",
                                new Object[] {new String[0]},
                                new String[] {String[].class.getName()});
        Matcher range = HEAP_RANGE.matcher(info.toString());
        if (!range.find()) {
            throw new IllegalStateException("no heap range in GC.heap_info: " + info);
        }
        return new long[] {parse(range.group(1)), parse(range.group(2))};
    }

    private static long parse(String hex) {
        return Long.parseUnsignedLong(hex.substring(2), 16);
    }

    /** Least-squares slope of {@code ys} against 0, 1, 2, ... */
    public static double slope(List<Double> ys) {
        int n = ys.size();
        double meanX = (n - 1) / 2.0;
        double meanY = ys.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double covariance = 0;
        double variance = 0;
        for (int x = 0; x < n; x++) {
            covariance += (x - meanX) * (ys.get(x) - meanY);
            variance += (x - meanX) * (x - meanX);
        }
        return covariance / variance;
    }
}
