package dev.asyncdataset.internal.malloc;

import java.lang.reflect.InvocationTargetException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps glibc's malloc arenas from holding freed native memory, once per process, when the first
 * loader starts. glibc raises its mmap threshold to the size of the largest mmapped block freed so
 * far (up to 32 MB): once the engine frees one batch-sized block, every image, decode buffer and
 * batch temporary below that size comes from a per-thread arena (up to eight per core), and what
 * the loader's threads free there stays with the process. From a local folder that was 700 MB of
 * free memory in 16 arenas after 14 epochs (BENCHMARKS.md). Setting the threshold back to glibc's
 * default of 128 KiB with {@code mallopt(M_MMAP_THRESHOLD)} turns the raising off, as {@code
 * MALLOC_MMAP_THRESHOLD_=131072} in the environment would: larger blocks are mapped and given back
 * when freed, and arenas are trimmed above 128 KiB free.
 *
 * <p>It is left alone when the environment sets {@code MALLOC_MMAP_THRESHOLD_} (the user chose), or
 * with {@code -Dasyncdataset.mallopt=false}; {@code MALLOC_ARENA_MAX} (fewer arenas) is independent
 * of it and no longer needed for memory to stay flat. {@code mallopt} is called through the FFM API
 * ({@code GlibcMalloc}, JDK 22+); on JDK 21, or a C library other than glibc, the loader logs a
 * warning with the environment setting instead.
 */
public final class MallocArenas {

    /** glibc's default mmap threshold, which it then keeps. */
    static final int MMAP_THRESHOLD = 128 * 1024;

    private static final Logger logger = LoggerFactory.getLogger(MallocArenas.class);
    private static final AtomicBoolean DONE = new AtomicBoolean();
    private static final String IMPLEMENTATION = "dev.asyncdataset.internal.malloc.GlibcMalloc";

    private MallocArenas() {}

    /** Pins the threshold, or logs why not, the first time it applies. */
    public static void tuneOnce() {
        if (!applies(System.getProperty("os.name", ""), System.getenv())
                || !DONE.compareAndSet(false, true)) {
            return;
        }
        if ("false".equals(System.getProperty("asyncdataset.mallopt"))) {
            logger.info("glibc malloc left as it is (-Dasyncdataset.mallopt=false)");
        } else if (pinThreshold()) {
            logger.info("glibc malloc: mmap threshold pinned at {} bytes", MMAP_THRESHOLD);
        } else {
            logger.warn(
                    "glibc's malloc arenas can keep hundreds of MB of freed native memory under "
                            + "the loader's threads; on JDK 22+ the loader prevents it, here start "
                            + "the JVM with MALLOC_MMAP_THRESHOLD_=131072 in its environment "
                            + "(see docs/usage.md)");
        }
    }

    /** Whether to act on this OS and environment: Linux, without {@code MALLOC_MMAP_THRESHOLD_}. */
    static boolean applies(String osName, Map<String, String> environment) {
        return osName.toLowerCase(Locale.ROOT).startsWith("linux")
                && !environment.containsKey("MALLOC_MMAP_THRESHOLD_");
    }

    /**
     * Calls {@code mallopt(M_MMAP_THRESHOLD, 128 KiB)}; whether glibc took it (false on JDK 21 or
     * another C library).
     */
    static boolean pinThreshold() {
        try {
            return (boolean)
                    Class.forName(IMPLEMENTATION)
                            .getDeclaredMethod("pinMmapThreshold", int.class)
                            .invoke(null, MMAP_THRESHOLD);
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        } catch (InvocationTargetException e) {
            logger.debug("mallopt failed", e.getCause());
            return false;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("broken jar: " + IMPLEMENTATION, e);
        }
    }
}
