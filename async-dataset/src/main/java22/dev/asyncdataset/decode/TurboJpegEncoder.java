package dev.asyncdataset.decode;

import static dev.asyncdataset.decode.TurboJpegFunctions.call;
import static dev.asyncdataset.decode.TurboJpegFunctions.invoke;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The TurboJPEG encoder (see {@link TurboJpeg}): {@code tjCompress2} through the FFM API, with
 * 4:2:0 chroma subsampling (libjpeg's, PIL's and OpenCV's default). Each call makes its own
 * compressor and destroys it, and its native memory (the pixels, the output of {@code tjBufSize}
 * bytes) lives in a confined arena closed when the call returns: an encoder holds nothing between
 * images.
 */
final class TurboJpegEncoder implements TurboJpeg.Encoder {

    private static final int TJPF_RGB = 0;
    private static final int TJSAMP_420 = 2;
    private static final int TJFLAG_NOREALLOC = 1024;
    private static final int TJERR_WARNING = 0;

    private final TurboJpegFunctions tj;

    private TurboJpegEncoder(TurboJpegFunctions tj) {
        this.tj = tj;
    }

    /**
     * Finds {@code libturbojpeg.so.0} and its functions.
     *
     * @return the encoder
     * @throws IllegalArgumentException if the library is not installed
     */
    static TurboJpegEncoder open() {
        return new TurboJpegEncoder(new TurboJpegFunctions());
    }

    @Override
    public byte[] encode(byte[] rgb, int width, int height, int quality, String key)
            throws BadItemException {
        MemorySegment handle = (MemorySegment) invoke(tj.initCompress);
        if (handle.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("tjInitCompress failed");
        }
        try (Arena arena = Arena.ofConfined()) {
            long capacity = (long) invoke(tj.bufferSize, width, height, TJSAMP_420);
            MemorySegment out = arena.allocate(capacity);
            MemorySegment outPointer = arena.allocateFrom(ADDRESS, out);
            MemorySegment outSize = arena.allocateFrom(JAVA_LONG, capacity);
            int result =
                    call(
                            tj.compress,
                            handle,
                            arena.allocateFrom(JAVA_BYTE, rgb),
                            width,
                            0,
                            height,
                            TJPF_RGB,
                            outPointer,
                            outSize,
                            TJSAMP_420,
                            quality,
                            TJFLAG_NOREALLOC);
            if (result != 0 && call(tj.errorCode, handle) != TJERR_WARNING) {
                MemorySegment message = (MemorySegment) invoke(tj.errorString, handle);
                String text = message.reinterpret(1024).getString(0);
                throw new BadItemException(key, "cannot encode as JPEG: " + text, null);
            }
            return out.asSlice(0, outSize.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
        } finally {
            call(tj.destroy, handle);
        }
    }
}
