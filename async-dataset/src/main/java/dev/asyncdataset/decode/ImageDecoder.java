package dev.asyncdataset.decode;

import ai.djl.modality.cv.ImageFactory;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.nio.ByteBuffer;

/**
 * Decodes encoded image bytes (JPEG, PNG, BMP, GIF) into an RGB array of shape (height, width, 3)
 * and type uint8, whatever the stored colour model: grey, palette, alpha (dropped) and CMYK images
 * all become 3-channel RGB.
 *
 * <p>JPEGs are decoded by libjpeg-turbo's TurboJPEG when it can be used (JDK 22+ and the system's
 * {@code libturbojpeg.so.0}; about 45% less CPU than the OpenCV build DJL ships). Other images,
 * CMYK JPEGs, and all images when TurboJPEG is missing: OpenCV when DJL's {@link ImageFactory} is
 * the OpenCV one ({@code ai.djl.opencv:opencv} on the classpath), Java's ImageIO otherwise; before
 * them, an {@link ImageFormat} on the class path that claims the key's extension. Native buffers
 * are released as soon as the pixels are copied, and the returned array's memory is freed by its
 * {@code close()}, not by the garbage collector. Empty, truncated (a JPEG without its end-of-image
 * marker, a PNG without IEND, even though libjpeg would decode them partially), undecodable bytes
 * and a JPEG or PNG whose header declares more than 2^27 pixels (about 11,585 x 11,585) raise a
 * {@link BadItemException} naming the key, before any pixel memory is allocated.
 *
 * <p>The encoded image is read from a buffer's position to its limit, so a fetched body in a
 * recycled array larger than the image is decoded where it is, with no copy to an array of its own;
 * the buffer's position is not moved.
 */
public final class ImageDecoder {

    private ImageDecoder() {}

    /**
     * Decodes the bytes of {@code encoded} from its position to its limit into an HWC uint8 RGB
     * array created in {@code manager}.
     *
     * @param manager where the array is created
     * @param encoded the encoded image, from its position to its limit
     * @param key the item's key or path, for the error message
     * @return the decoded image
     * @throws BadItemException if the bytes are not a complete, decodable image
     */
    public static NDArray decode(NDManager manager, ByteBuffer encoded, String key)
            throws BadItemException {
        return decode(manager, encoded, key, Codec.active());
    }

    /**
     * Whether an {@link ImageFormat} on the class path decodes images of {@code extension}, so that
     * sources list and decode them as images.
     *
     * @param extension a file extension without the dot, in any case
     * @return whether a format claims it
     */
    public static boolean hasFormat(String extension) {
        return ImageFormats.forExtension(extension) != null;
    }

    /**
     * Hands the calling thread's reused native decode buffers (its pixel buffer and its TurboJPEG
     * decompressor) to the next thread that decodes, instead of leaving them to the garbage
     * collector, which may free them only after many epochs. A thread that decodes many images and
     * then ends, such as a loader's decode thread, calls it last; decoding again afterwards works
     * but takes new buffers.
     */
    public static void releaseThreadBuffers() {
        Uint8Arrays.releaseScratch();
        TurboJpeg.Decoder turbo = TurboJpeg.decoder();
        if (turbo != null) {
            turbo.releaseThread();
        }
    }

    static NDArray decode(NDManager manager, ByteBuffer encoded, String key, Codec codec)
            throws BadItemException {
        return Uint8Arrays.create(manager, pixels(encoded, key, codec));
    }

    /**
     * Decodes {@code encoded}, from its position to its limit, into the thread's reused buffer
     * ({@link Uint8Arrays#fill}).
     */
    static Pixels pixels(ByteBuffer encoded, String key, Codec codec) throws BadItemException {
        ByteBuffer bytes = EncodedImages.readable(encoded);
        EncodedImages.check(bytes, key);
        TurboJpeg.Decoder turbo = TurboJpeg.decoder();
        if (turbo != null && EncodedImages.isJpeg(bytes)) {
            Pixels pixels = turbo.decode(bytes, key);
            if (pixels != null) {
                return pixels;
            }
        }
        ImageFormat format = ImageFormats.of(key);
        if (format != null) {
            return ImageFormats.decode(format, bytes, key);
        }
        if (codec == Codec.OPENCV) {
            return OpenCvCodec.decode(bytes, key);
        }
        return ImageIoCodec.decode(bytes, key);
    }
}
