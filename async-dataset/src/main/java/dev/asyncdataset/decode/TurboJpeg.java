package dev.asyncdataset.decode;

import java.lang.reflect.InvocationTargetException;
import java.nio.ByteBuffer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JPEG decoding (and, for re-encoding images to a smaller size, encoding) with libjpeg-turbo's
 * TurboJPEG API, when it can be used: about 2.2 ms for a 469 x 387 JPEG where the OpenCV build DJL
 * ships (libjpeg-turbo without SIMD) takes 3.9 ms.
 *
 * <p>It needs JDK 22 or later (the decoder calls the library through the FFM API and lives in this
 * jar's {@code META-INF/versions/22}) and the system's {@code libturbojpeg.so.0} (Debian and
 * Ubuntu: {@code apt-get install libturbojpeg0}); {@code -Dasyncdataset.turbojpeg=false} turns it
 * off. Otherwise the active {@link Codec} decodes JPEGs too. Which one is used is logged once.
 */
final class TurboJpeg {

    /**
     * Decodes JPEG bytes, a buffer from position 0 to its limit ({@link EncodedImages#readable}),
     * into (H, W, 3) uint8 RGB pixels in the thread's reused buffer.
     */
    interface Decoder {

        /**
         * Decodes {@code bytes}, a JPEG.
         *
         * @param bytes the JPEG
         * @param key the item's key, for the message
         * @return the pixels, or {@code null} for a colour model TurboJPEG cannot turn into RGB
         *     (CMYK, YCCK)
         * @throws BadItemException if the bytes cannot be decoded
         */
        Pixels decode(ByteBuffer bytes, String key) throws BadItemException;

        /**
         * Reads the header of {@code bytes}, a JPEG, has {@code plan} choose from it the rows to
         * decode and their scale, and decodes only those.
         *
         * @param bytes the JPEG, baseline or extended sequential if {@code plan} may leave rows out
         * @param key the item's key, for the message
         * @param plan chooses the region once the header is read and can be decoded to RGB
         * @return the region's pixels, {@link JpegRegion#scaledHeight()} by {@link
         *     JpegRegion#scaledWidth()}, or {@code null} for a colour model TurboJPEG cannot turn
         *     into RGB (CMYK, YCCK), without calling {@code plan}
         * @throws BadItemException if the bytes cannot be decoded
         */
        Pixels decode(ByteBuffer bytes, String key, Function<Header, JpegRegion> plan)
                throws BadItemException;

        /** Hands this thread's decompressor and input buffer to the next thread that decodes. */
        void releaseThread();
    }

    /** Encodes RGB pixels as a JPEG. */
    interface Encoder {

        /**
         * Encodes {@code rgb}, (height, width, 3) uint8 in HWC order, with 4:2:0 chroma
         * subsampling.
         *
         * @param rgb the pixels
         * @param width the width
         * @param height the height
         * @param quality the JPEG quality, 1 to 100
         * @param key the item's key, for the message
         * @return the JPEG
         * @throws BadItemException if the pixels cannot be encoded
         */
        byte[] encode(byte[] rgb, int width, int height, int quality, String key)
                throws BadItemException;
    }

    /**
     * The image size a JPEG's header declares, read before anything is decoded.
     *
     * @param width the image width
     * @param height the image height
     */
    record Header(int width, int height) {}

    private static final Logger logger = LoggerFactory.getLogger(TurboJpeg.class);
    private static final String DECODER_CLASS = "dev.asyncdataset.decode.TurboJpegDecoder";
    private static final String ENCODER_CLASS = "dev.asyncdataset.decode.TurboJpegEncoder";
    private static final Decoder DECODER = (Decoder) load(DECODER_CLASS, "decoding");

    private TurboJpeg() {}

    /**
     * Returns the TurboJPEG decoder.
     *
     * @return the decoder, or {@code null} if TurboJPEG cannot be used here
     */
    static Decoder decoder() {
        return DECODER;
    }

    /**
     * Returns the TurboJPEG encoder.
     *
     * @return the encoder, or {@code null} if TurboJPEG cannot be used here
     */
    static Encoder encoder() {
        return EncoderHolder.ENCODER;
    }

    /** Loads the encoder when it is first asked for: only writers of resized images need it. */
    private static final class EncoderHolder {
        static final Encoder ENCODER = (Encoder) load(ENCODER_CLASS, "encoding");
    }

    /** Opens {@code implementation}, or returns null (and says why) if it cannot be used here. */
    private static Object load(String implementation, String job) {
        if ("false".equals(System.getProperty("asyncdataset.turbojpeg"))) {
            logger.info("JPEG {}: TurboJPEG off (-Dasyncdataset.turbojpeg=false)", job);
            return null;
        }
        try {
            Object opened = Class.forName(implementation).getDeclaredMethod("open").invoke(null);
            logger.info("JPEG {}: libjpeg-turbo through TurboJPEG (libturbojpeg.so.0)", job);
            return opened;
        } catch (ClassNotFoundException | LinkageError e) {
            logger.info("JPEG {} without TurboJPEG: it needs JDK 22 or later", job);
        } catch (InvocationTargetException e) {
            logger.info(
                    "JPEG {} without TurboJPEG: {} (Debian and Ubuntu: apt-get install "
                            + "libturbojpeg0)",
                    job,
                    e.getCause().getMessage());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("broken jar: " + implementation, e);
        }
        return null;
    }
}
