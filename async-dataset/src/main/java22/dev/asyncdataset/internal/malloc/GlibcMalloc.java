package dev.asyncdataset.internal.malloc;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * glibc's {@code mallopt} through the FFM API (JDK 22+). It lives in this jar's {@code
 * META-INF/versions/22} and {@link MallocArenas} loads it by name, so that the library still runs
 * on JDK 21 (without it).
 */
final class GlibcMalloc {

    /** {@code M_MMAP_THRESHOLD} in glibc's {@code malloc.h}. */
    private static final int M_MMAP_THRESHOLD = -3;

    private GlibcMalloc() {}

    /**
     * Sets glibc's mmap threshold to {@code bytes}, which also turns off its dynamic adjustment, as
     * {@code MALLOC_MMAP_THRESHOLD_} in the environment would.
     *
     * @param bytes the threshold
     * @return whether glibc took it; {@code false} if the C library is not glibc
     * @throws Throwable if the call fails
     */
    static boolean pinMmapThreshold(int bytes) throws Throwable {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Optional<MemorySegment> mallopt = libc.find("mallopt");
        if (libc.find("gnu_get_libc_version").isEmpty() || mallopt.isEmpty()) {
            return false;
        }
        MethodHandle call =
                linker.downcallHandle(
                        mallopt.get(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
        return (int) call.invokeExact(M_MMAP_THRESHOLD, bytes) == 1;
    }
}
