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
import java.nio.ByteBuffer;

/**
 * The TurboJPEG decoder (see {@link TurboJpeg}): TurboJPEG 2.x's C API through the FFM API, one
 * decompressor per decode thread ({@link TurboJpegHandle}), pixels decoded as RGB straight into the
 * thread's reused buffer.
 */
final class TurboJpegDecoder implements TurboJpeg.Decoder {

    private static final int TJPF_RGB = 0;
    private static final int TJCS_CMYK = 3;
    private static final int TJCS_YCCK = 4;
    private static final int TJERR_WARNING = 0;

    private final Functions tj;

    private TurboJpegDecoder(Functions tj) {
        this.tj = tj;
    }

    /**
     * Finds {@code libturbojpeg.so.0} and its functions.
     *
     * @return the decoder
     * @throws IllegalArgumentException if the library is not installed
     */
    static TurboJpegDecoder open() {
        return new TurboJpegDecoder(
                new Functions(SymbolLookup.libraryLookup("libturbojpeg.so.0", Arena.global())));
    }

    @Override
    public Pixels decode(byte[] bytes, String key) throws BadItemException {
        TurboJpegHandle handle = TurboJpegHandle.of(tj.init, tj.destroy, bytes.length);
        MemorySegment jpeg = handle.copyIn(bytes);
        MemorySegment header = handle.header();
        check(
                call(
                        tj.header,
                        handle.pointer(),
                        jpeg,
                        (long) bytes.length,
                        header,
                        header.asSlice(4),
                        header.asSlice(8),
                        header.asSlice(12)),
                handle,
                key);
        int width = header.getAtIndex(JAVA_INT, 0);
        int height = header.getAtIndex(JAVA_INT, 1);
        int colorspace = header.getAtIndex(JAVA_INT, 3);
        if (width < 1 || height < 1) {
            throw new BadItemException(key, "not a decodable JPEG: no image size", null);
        }
        if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK) {
            return null;
        }
        BadItemException[] failure = new BadItemException[1];
        Pixels pixels =
                Uint8Arrays.fill(
                        height,
                        width,
                        buffer ->
                                failure[0] =
                                        decodeInto(
                                                handle,
                                                jpeg,
                                                bytes.length,
                                                buffer,
                                                width,
                                                height,
                                                key));
        if (failure[0] != null) {
            throw failure[0];
        }
        return pixels;
    }

    @Override
    public void releaseThread() {
        TurboJpegHandle.releaseCurrent();
    }

    private BadItemException decodeInto(
            TurboJpegHandle handle,
            MemorySegment jpeg,
            int size,
            ByteBuffer buffer,
            int width,
            int height,
            String key) {
        int result =
                call(
                        tj.decompress,
                        handle.pointer(),
                        jpeg,
                        (long) size,
                        MemorySegment.ofBuffer(buffer),
                        width,
                        0,
                        height,
                        TJPF_RGB,
                        0);
        try {
            check(result, handle, key);
            return null;
        } catch (BadItemException e) {
            return e;
        }
    }

    /**
     * A warning (such as extraneous bytes) still gives a whole image, as with OpenCV. After any
     * error or warning the thread's decompressor is replaced: libjpeg can leave one that stopped
     * inside a header in a state where the next image fails too.
     */
    private void check(int result, TurboJpegHandle handle, String key) throws BadItemException {
        if (result == 0) {
            return;
        }
        boolean warning = (int) invoke(tj.errorCode, handle.pointer()) == TJERR_WARNING;
        MemorySegment message = (MemorySegment) invoke(tj.errorString, handle.pointer());
        String text = message.reinterpret(1024).getString(0);
        handle.discard();
        if (!warning) {
            throw new BadItemException(key, "not a decodable JPEG: " + text, null);
        }
    }

    private static int call(MethodHandle function, Object... args) {
        return (int) invoke(function, args);
    }

    private static Object invoke(MethodHandle function, Object... args) {
        try {
            return function.invokeWithArguments(args);
        } catch (Throwable e) {
            throw new IllegalStateException("TurboJPEG call failed", e);
        }
    }

    /** The TurboJPEG 2.x functions used. */
    private static final class Functions {
        final MethodHandle init;
        final MethodHandle destroy;
        final MethodHandle header;
        final MethodHandle decompress;
        final MethodHandle errorCode;
        final MethodHandle errorString;

        Functions(SymbolLookup lib) {
            init = find(lib, "tjInitDecompress", FunctionDescriptor.of(ADDRESS));
            destroy = find(lib, "tjDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            header =
                    find(
                            lib,
                            "tjDecompressHeader3",
                            FunctionDescriptor.of(
                                    JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS,
                                    ADDRESS, ADDRESS));
            decompress =
                    find(
                            lib,
                            "tjDecompress2",
                            FunctionDescriptor.of(
                                    JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_INT,
                                    JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
            errorCode = find(lib, "tjGetErrorCode", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            errorString = find(lib, "tjGetErrorStr2", FunctionDescriptor.of(ADDRESS, ADDRESS));
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
}
