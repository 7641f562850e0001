package dev.asyncdataset.source.parquet;

import dev.hardwood.HardwoodContext;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A Hardwood context without a thread pool of its own: each page is decoded by the thread that asks
 * for it, Hardwood's reader of its column, a virtual thread started by the fetch that reads the row
 * group. The pages are then decoded on the loader's fetch stage, bounded by its fetches, and not by
 * a pool of Hardwood's sized to the cores beside the loader's decode workers. Hardwood 1.0 takes
 * its executor only through its internal context class, which is built here.
 */
final class InlineDecoding {

    private static final String CONTEXT = "dev.hardwood.internal.reader.HardwoodContextImpl";
    private static final String LIBDEFLATE =
            "dev.hardwood.internal.compression.libdeflate.LibdeflatePool";

    /**
     * The JDK logger of Hardwood's SIMD probe, which says at INFO whether it uses SIMD, on the
     * console, once a process: turned down to WARNING unless its level is set. Held here, as the
     * JDK keeps only weak references to its loggers, so the level is not lost with it.
     */
    static final Logger SIMD_PROBE = quietSimdProbe();

    private InlineDecoding() {}

    /**
     * Returns a context that decodes on the calling threads, with Hardwood's Java decompressors.
     *
     * @throws IllegalStateException if this Hardwood has no such internal context
     */
    static HardwoodContext context() {
        try {
            Constructor<?> create =
                    Class.forName(CONTEXT)
                            .getDeclaredConstructor(
                                    ExecutorService.class, Class.forName(LIBDEFLATE));
            create.setAccessible(true);
            return (HardwoodContext) create.newInstance(new CallerRuns(), null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e instanceof InvocationTargetException t ? t.getCause() : e;
            throw new IllegalStateException(
                    "this Hardwood has no " + CONTEXT + "(ExecutorService, LibdeflatePool)", cause);
        }
    }

    private static Logger quietSimdProbe() {
        Logger probe = Logger.getLogger("dev.hardwood.internal.encoding.simd.VectorSupport");
        if (probe.getLevel() == null) {
            probe.setLevel(Level.WARNING);
        }
        return probe;
    }

    /** Runs each task in the thread that submits it. */
    private static final class CallerRuns extends AbstractExecutorService {

        private volatile boolean shutdown;

        @Override
        public void execute(Runnable task) {
            if (shutdown) {
                throw new RejectedExecutionException("the Parquet source is closed");
            }
            task.run();
        }

        @Override
        public void shutdown() {
            shutdown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return shutdown;
        }
    }
}
