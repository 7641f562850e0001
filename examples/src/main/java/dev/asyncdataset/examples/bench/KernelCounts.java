package dev.asyncdataset.examples.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the kernel counted for this process, all its threads, and its children that ended and were
 * waited for: minor page faults and user and system CPU time ({@code /proc/self/stat}).
 *
 * @param minorFaults minor page faults
 * @param userSeconds user CPU time
 * @param systemSeconds system CPU time
 */
record KernelCounts(long minorFaults, double userSeconds, double systemSeconds) {

    /** The kernel's clock ticks per second in {@code /proc} (USER_HZ, 100 on Linux). */
    private static final double TICKS_PER_SECOND = 100;

    /** Indexes in {@code /proc/self/stat} after the command name (0: the state). */
    private static final int MINFLT = 7;

    private static final int CMINFLT = 8;
    private static final int UTIME = 11;
    private static final int STIME = 12;
    private static final int CUTIME = 13;
    private static final int CSTIME = 14;

    /**
     * Reads the counts now.
     *
     * @return the counts so far
     * @throws IOException if {@code /proc/self/stat} cannot be read (not Linux)
     */
    static KernelCounts now() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 1).trim().split(" ");
        return new KernelCounts(
                sum(fields, MINFLT, CMINFLT),
                sum(fields, UTIME, CUTIME) / TICKS_PER_SECOND,
                sum(fields, STIME, CSTIME) / TICKS_PER_SECOND);
    }

    private static long sum(String[] fields, int own, int children) {
        return Long.parseLong(fields[own]) + Long.parseLong(fields[children]);
    }

    /**
     * The counts since {@code before}.
     *
     * @param before an earlier reading
     * @return this reading less the earlier one
     */
    KernelCounts since(KernelCounts before) {
        return new KernelCounts(
                minorFaults - before.minorFaults,
                userSeconds - before.userSeconds,
                systemSeconds - before.systemSeconds);
    }

    /**
     * These counts as JSON fields for the benchmark suite, after the wall time they span.
     *
     * @param seconds the wall time between the two readings
     * @return the fields {@code measured_s}, {@code minor_faults}, {@code user_cpu_s} and {@code
     *     system_cpu_s}, without braces
     */
    String jsonFields(double seconds) {
        return String.format(
                Locale.ROOT,
                "\"measured_s\": %.3f, \"minor_faults\": %d, \"user_cpu_s\": %.2f, "
                        + "\"system_cpu_s\": %.2f",
                seconds,
                minorFaults,
                userSeconds,
                systemSeconds);
    }
}
