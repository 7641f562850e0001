package dev.asyncdataset.decode;

import static dev.asyncdataset.decode.TurboJpegFunctions.call;
import static dev.asyncdataset.decode.TurboJpegFunctions.invoke;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * The TurboJPEG decoder (see {@link TurboJpeg}): TurboJPEG 2.x's C API through the FFM API, one
 * decompressor per decode thread ({@link TurboJpegHandle}), pixels decoded as RGB straight into the
 * thread's reused buffer; for a crop, only the rows it needs, at a DCT scale ({@link JpegRegion}).
 */
final class TurboJpegDecoder implements TurboJpeg.Decoder {

    private static final int TJPF_RGB = 0;
    private static final int TJCS_CMYK = 3;
    private static final int TJCS_YCCK = 4;
    private static final int TJERR_WARNING = 0;

    private final TurboJpegFunctions tj;

    private TurboJpegDecoder(TurboJpegFunctions tj) {
        this.tj = tj;
    }

    /**
     * Finds {@code libturbojpeg.so.0} and its functions.
     *
     * @return the decoder
     * @throws IllegalArgumentException if the library is not installed
     */
    static TurboJpegDecoder open() {
        return new TurboJpegDecoder(new TurboJpegFunctions());
    }

    @Override
    public Pixels decode(ByteBuffer bytes, String key) throws BadItemException {
        return decode(bytes, key, JpegRegion::whole);
    }

    @Override
    public Pixels decode(ByteBuffer bytes, String key, Function<TurboJpeg.Header, JpegRegion> plan)
            throws BadItemException {
        TurboJpegHandle handle = TurboJpegHandle.of(tj.init, tj.destroy, bytes.limit());
        try {
            return decode(handle, bytes, key, plan);
        } finally {
            handle.settle();
        }
    }

    private Pixels decode(
            TurboJpegHandle handle,
            ByteBuffer bytes,
            String key,
            Function<TurboJpeg.Header, JpegRegion> plan)
            throws BadItemException {
        MemorySegment jpeg = handle.copyIn(bytes);
        int[] fields = header(handle, jpeg, key);
        if (fields[3] == TJCS_CMYK || fields[3] == TJCS_YCCK) {
            return null;
        }
        TurboJpeg.Header header = new TurboJpeg.Header(fields[0], fields[1]);
        JpegRegion region = plan.apply(header);
        if (region.height() < header.height()) {
            shorten(handle, jpeg, EncodedImages.frameHeader(bytes), region.height(), key);
        }
        return pixels(handle, jpeg, region, key);
    }

    @Override
    public void releaseThread() {
        TurboJpegHandle.releaseCurrent();
    }

    /** Returns {width, height, subsampling, colourspace}, checked. */
    private int[] header(TurboJpegHandle handle, MemorySegment jpeg, String key)
            throws BadItemException {
        MemorySegment header = handle.header();
        check(
                call(
                        tj.header,
                        handle.pointer(),
                        jpeg,
                        jpeg.byteSize(),
                        header,
                        header.asSlice(4),
                        header.asSlice(8),
                        header.asSlice(12)),
                handle,
                key,
                true);
        int[] fields = header.toArray(JAVA_INT);
        if (fields[0] < 1 || fields[1] < 1) {
            throw new BadItemException(key, "not a decodable JPEG: no image size", null);
        }
        return fields;
    }

    /**
     * Makes the frame header at {@code at} declare only the top {@code height} rows: libjpeg then
     * decodes no further and skips the remaining entropy-coded bytes to the end marker (with a
     * warning). The header is read again, so that the pixels are surely of the size planned.
     */
    private void shorten(TurboJpegHandle handle, MemorySegment jpeg, int at, int height, String key)
            throws BadItemException {
        jpeg.set(JAVA_BYTE, at + 5, (byte) (height >> 8));
        jpeg.set(JAVA_BYTE, at + 6, (byte) height);
        if (header(handle, jpeg, key)[1] != height) {
            throw new BadItemException(key, "not a decodable JPEG: ambiguous frame header", null);
        }
    }

    private Pixels pixels(TurboJpegHandle handle, MemorySegment jpeg, JpegRegion region, String key)
            throws BadItemException {
        int width = region.scaledWidth();
        int height = region.scaledHeight();
        BadItemException[] failure = new BadItemException[1];
        Pixels pixels =
                Uint8Arrays.fill(
                        height,
                        width,
                        buffer ->
                                failure[0] = decodeInto(handle, jpeg, buffer, width, height, key));
        if (failure[0] != null) {
            throw failure[0];
        }
        return pixels;
    }

    private BadItemException decodeInto(
            TurboJpegHandle handle,
            MemorySegment jpeg,
            ByteBuffer buffer,
            int width,
            int height,
            String key) {
        int result =
                call(
                        tj.decompress,
                        handle.pointer(),
                        jpeg,
                        jpeg.byteSize(),
                        MemorySegment.ofBuffer(buffer),
                        width,
                        0,
                        height,
                        TJPF_RGB,
                        0);
        try {
            check(result, handle, key, false);
            return null;
        } catch (BadItemException e) {
            return e;
        }
    }

    /**
     * A warning (such as extraneous bytes) still gives a whole image, as with OpenCV. The thread's
     * decompressor is replaced once the image is done ({@link TurboJpegHandle#spoil}) after an
     * error, and after a warning in the header: libjpeg can leave a decompressor that stopped
     * inside a header in a state where the next image fails too. {@code tjDecompress2} resets its
     * decompressor on every exit, so its warnings (such as the one after a shortened frame) keep
     * it.
     */
    private void check(int result, TurboJpegHandle handle, String key, boolean header)
            throws BadItemException {
        if (result == 0) {
            return;
        }
        boolean warning = call(tj.errorCode, handle.pointer()) == TJERR_WARNING;
        if (header || !warning) {
            handle.spoil();
        }
        if (!warning) {
            MemorySegment message = (MemorySegment) invoke(tj.errorString, handle.pointer());
            String text = message.reinterpret(1024).getString(0);
            throw new BadItemException(key, "not a decodable JPEG: " + text, null);
        }
    }
}
