package dev.asyncdataset.decode;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The TurboJPEG 2.x functions the decoder and the encoder call, found in {@code libturbojpeg.so.0}.
 */
final class TurboJpegFunctions {

    final MethodHandle init;
    final MethodHandle destroy;
    final MethodHandle header;
    final MethodHandle decompress;
    final MethodHandle errorCode;
    final MethodHandle errorString;
    final MethodHandle initCompress;
    final MethodHandle compress;
    final MethodHandle bufferSize;

    /**
     * Finds the functions.
     *
     * @throws IllegalArgumentException if the library is not installed or lacks one of them
     */
    TurboJpegFunctions() {
        SymbolLookup lib = SymbolLookup.libraryLookup("libturbojpeg.so.0", Arena.global());
        init = find(lib, "tjInitDecompress", FunctionDescriptor.of(ADDRESS));
        destroy = find(lib, "tjDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        header =
                find(
                        lib,
                        "tjDecompressHeader3",
                        FunctionDescriptor.of(
                                JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS,
                                ADDRESS));
        decompress =
                find(
                        lib,
                        "tjDecompress2",
                        FunctionDescriptor.of(
                                JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT,
                                JAVA_INT, JAVA_INT, JAVA_INT));
        errorCode = find(lib, "tjGetErrorCode", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        errorString = find(lib, "tjGetErrorStr2", FunctionDescriptor.of(ADDRESS, ADDRESS));
        initCompress = find(lib, "tjInitCompress", FunctionDescriptor.of(ADDRESS));
        compress =
                find(
                        lib,
                        "tjCompress2",
                        FunctionDescriptor.of(
                                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                                ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        bufferSize =
                find(
                        lib,
                        "tjBufSize",
                        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT));
    }

    /** Calls {@code function}, which returns an {@code int}. */
    static int call(MethodHandle function, Object... args) {
        return (int) invoke(function, args);
    }

    /** Calls {@code function}. */
    static Object invoke(MethodHandle function, Object... args) {
        try {
            return function.invokeWithArguments(args);
        } catch (Throwable e) {
            throw new IllegalStateException("TurboJPEG call failed", e);
        }
    }

    private static MethodHandle find(SymbolLookup lib, String name, FunctionDescriptor d) {
        MemorySegment symbol =
                lib.find(name)
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "libturbojpeg.so.0 has no " + name));
        return Linker.nativeLinker().downcallHandle(symbol, d);
    }
}
