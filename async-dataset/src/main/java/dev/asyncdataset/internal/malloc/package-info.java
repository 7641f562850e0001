/**
 * Native memory of the process; not public API. {@code MallocArenas} keeps glibc's malloc arenas
 * from holding the native memory the loader's threads free, once per process, through {@code
 * GlibcMalloc} ({@code mallopt} by the FFM API), which lives in the jar's {@code
 * META-INF/versions/22} and is loaded by name. It imports nothing of the library; the loader calls
 * it when it starts.
 */
package dev.asyncdataset.internal.malloc;
