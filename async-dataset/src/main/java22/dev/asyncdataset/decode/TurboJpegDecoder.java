package dev.asyncdataset.decode;

import static dev.asyncdataset.decode.TurboJpegFunctions.call;
import static dev.asyncdataset.decode.TurboJpegFunctions.invoke;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * The TurboJPEG decoder (see {@link TurboJpeg}): TurboJPEG 2.x's C API through the FFM API, one
 * decompressor per decode thread ({@link TurboJpegHandle}), pixels decoded as RGB straight into the
 * thread's reused buffer, optionally only a region, at a DCT scale ({@link JpegRegion}).
 */
final class TurboJpegDecoder implements TurboJpeg.Decoder {

    private static final int TJPF_RGB = 0;
    private static final int TJCS_CMYK = 3;
    private static final int TJCS_YCCK = 4;
    private static final int TJERR_WARNING = 0;
    private static final int TJXOPT_CROP = 4;
    private static final int TJXOPT_COPYNONE = 64;
    private static final int TJFLAG_NOREALLOC = 1024;

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
    public Pixels decode(byte[] bytes, String key) throws BadItemException {
        TurboJpeg.Decoded decoded = decode(bytes, key, JpegRegion::whole);
        return decoded == null ? null : decoded.pixels();
    }

    @Override
    public TurboJpeg.Decoded decode(
            byte[] bytes, String key, Function<TurboJpeg.Header, JpegRegion> plan)
            throws BadItemException {
        TurboJpegHandle handle = TurboJpegHandle.of(tj.init, tj.destroy, bytes.length);
        try {
            return decode(handle, bytes, key, plan);
        } finally {
            handle.settle();
        }
    }

    private TurboJpeg.Decoded decode(
            TurboJpegHandle handle,
            byte[] bytes,
            String key,
            Function<TurboJpeg.Header, JpegRegion> plan)
            throws BadItemException {
        MemorySegment jpeg = handle.copyIn(bytes);
        int[] fields = header(handle, jpeg, key);
        if (fields[3] == TJCS_CMYK || fields[3] == TJCS_YCCK) {
            return null;
        }
        TurboJpeg.Header header = new TurboJpeg.Header(fields[0], fields[1], fields[2]);
        JpegRegion region = plan.apply(header);
        if (region.x() != 0 || region.y() != 0 || region.width() != header.width()) {
            jpeg = crop(handle, jpeg, header, region, key);
        } else if (region.height() < header.height()) {
            int frame = EncodedImages.frameHeader(bytes);
            if (frame < 0) {
                region = region.withHeight(header.height());
            } else {
                shorten(jpeg, frame, region.height());
            }
        }
        return new TurboJpeg.Decoded(pixels(handle, jpeg, region, key), region);
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
     * Makes the frame header declare only the top {@code height} rows: libjpeg then decodes no
     * further and skips the remaining entropy-coded bytes to the end marker (with a warning).
     */
    private static void shorten(MemorySegment jpeg, int at, int height) {
        jpeg.set(ValueLayout.JAVA_BYTE, at + 5, (byte) (height >> 8));
        jpeg.set(ValueLayout.JAVA_BYTE, at + 6, (byte) height);
    }

    /** Cuts {@code region} out of the coefficients: a smaller JPEG, in the handle's buffer. */
    private MemorySegment crop(
            TurboJpegHandle handle,
            MemorySegment jpeg,
            TurboJpeg.Header header,
            JpegRegion region,
            String key)
            throws BadItemException {
        long capacity =
                (long) invoke(tj.bufferSize, header.width(), header.height(), header.subsampling());
        MemorySegment out = handle.transformed(capacity);
        MemorySegment transform = handle.transform();
        transform.setAtIndex(JAVA_INT, 0, region.x());
        transform.setAtIndex(JAVA_INT, 1, region.y());
        transform.setAtIndex(JAVA_INT, 2, region.width());
        transform.setAtIndex(JAVA_INT, 3, region.height());
        transform.setAtIndex(JAVA_INT, 5, TJXOPT_CROP | TJXOPT_COPYNONE);
        MemorySegment buffers = handle.outputPointers(out);
        int result =
                call(
                        tj.transform,
                        handle.pointer(),
                        jpeg,
                        jpeg.byteSize(),
                        1,
                        buffers,
                        buffers.asSlice(ADDRESS.byteSize()),
                        transform,
                        TJFLAG_NOREALLOC);
        check(result, handle, key, false);
        return out.asSlice(0, buffers.get(JAVA_LONG, ADDRESS.byteSize()));
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
     * decompressor on every exit, so its warnings (those of a shortened frame among them) keep it.
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
