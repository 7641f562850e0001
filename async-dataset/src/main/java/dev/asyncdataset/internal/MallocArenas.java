package dev.asyncdataset.internal;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Advice, logged once per process, on glibc's malloc arenas. glibc gives threads that allocate at
 * once arenas of their own, up to eight per core, and a freed image or batch returns to its arena,
 * where it is seldom reused or given back. Under the decode and staging threads native memory then
 * climbs for as long as the loader runs (BENCHMARKS.md: 2.5 GB and rising after a minute from a
 * local folder), and touching fresh pages slows decoding; with {@code MALLOC_ARENA_MAX=2} it
 * settled at 1.1 GB and ran a quarter faster. The variable must be set before the process starts,
 * so the loader can only say so.
 */
final class MallocArenas {

    private static final Logger logger = LoggerFactory.getLogger(MallocArenas.class);
    private static final AtomicBoolean ADVISED = new AtomicBoolean();

    private MallocArenas() {}

    /** Logs the advice the first time it applies: on Linux, without {@code MALLOC_ARENA_MAX}. */
    static void adviseOnce() {
        if (applies(System.getProperty("os.name", ""), System.getenv())
                && ADVISED.compareAndSet(false, true)) {
            logger.warn(
                    "MALLOC_ARENA_MAX is not set: glibc's per-thread arenas can let native "
                            + "memory grow by GBs under the loader's threads; start the JVM with "
                            + "MALLOC_ARENA_MAX=2 in its environment (see BENCHMARKS.md)");
        }
    }

    /** Whether the advice applies to this OS and environment. */
    static boolean applies(String osName, Map<String, String> environment) {
        return osName.toLowerCase(Locale.ROOT).startsWith("linux")
                && !environment.containsKey("MALLOC_ARENA_MAX");
    }
}
