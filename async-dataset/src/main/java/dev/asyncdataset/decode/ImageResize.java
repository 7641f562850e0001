package dev.asyncdataset.decode;

import java.nio.ByteBuffer;

/**
 * Images stored smaller, as FFCV writes ImageNet ({@code max_resolution}, {@code jpeg_quality}): an
 * image whose longest side is above {@link #maxSide()} is decoded, shrunk to that longest side
 * (aspect ratio kept, area interpolation) and encoded as a JPEG of quality {@link #jpegQuality()};
 * an image already that small is kept byte for byte. Decoding a stored image then costs a fraction
 * of the original's (the entropy decoding that dominates grows with the pixels), at a loss of
 * detail that matters wherever a training crop is larger than the stored image, since such a crop
 * is upsampled (docs/storage.md, "Pre-sized shards").
 *
 * <p>Decoding is {@link ImageDecoder}'s; shrinking is OpenCV's when DJL's image factory is the
 * OpenCV one, Java 2D's area averaging otherwise; encoding is libjpeg-turbo's TurboJPEG when it can
 * be used (JDK 22+ and {@code libturbojpeg.so.0}), ImageIO's otherwise. All with 4:2:0 chroma.
 *
 * @param maxSide the longest side of a stored image, in pixels, 16 to 65,500
 * @param jpegQuality the JPEG quality of re-encoded images, 1 to 100
 */
public record ImageResize(int maxSide, int jpegQuality) {

    /** The smallest {@link #maxSide()}: below it a crop of any use is all upsampling. */
    public static final int MIN_SIDE = 16;

    /** The largest {@link #maxSide()}: the largest side a JPEG can have, rounded down. */
    public static final int MAX_SIDE = 65_500;

    /**
     * Checks the settings.
     *
     * @throws IllegalArgumentException if {@code maxSide} or {@code jpegQuality} is out of range
     */
    public ImageResize {
        if (maxSide < MIN_SIDE || maxSide > MAX_SIDE) {
            throw new IllegalArgumentException("maxSide not in [16, 65500]: " + maxSide);
        }
        if (jpegQuality < 1 || jpegQuality > 100) {
            throw new IllegalArgumentException("jpegQuality not in [1, 100]: " + jpegQuality);
        }
    }

    /**
     * Returns {@code image} itself if its longest side is at most {@link #maxSide()}, else the
     * image shrunk to it and encoded as a JPEG.
     *
     * @param image an encoded image (JPEG, PNG, BMP, GIF)
     * @param key the item's key, for the message
     * @return the image to store
     * @throws BadItemException if {@code image} is empty, truncated, too large or undecodable
     */
    public byte[] apply(byte[] image, String key) throws BadItemException {
        ByteBuffer encoded = ByteBuffer.wrap(image);
        EncodedImages.check(encoded, key);
        long[] size = EncodedImages.declaredSize(encoded);
        if (size != null && Math.max(size[0], size[1]) <= maxSide) {
            return image;
        }
        Pixels pixels = ImageDecoder.pixels(encoded, key, Codec.active());
        if (Math.max(pixels.width(), pixels.height()) <= maxSide) {
            return image;
        }
        int[] out = fit(pixels.width(), pixels.height());
        byte[] rgb =
                Codec.active() == Codec.OPENCV
                        ? OpenCvCodec.shrink(pixels, out[0], out[1])
                        : ImageIoJpeg.shrink(pixels, out[0], out[1]);
        TurboJpeg.Encoder turbo = TurboJpeg.encoder();
        return turbo != null
                ? turbo.encode(rgb, out[0], out[1], jpegQuality, key)
                : ImageIoJpeg.encode(rgb, out[0], out[1], jpegQuality, key);
    }

    /**
     * The size an image of (width, height) is stored at: its longest side {@link #maxSide()}, the
     * other scaled alike and rounded, at least 1.
     *
     * @return {width, height}
     */
    int[] fit(int width, int height) {
        double scale = (double) maxSide / Math.max(width, height);
        int w = width >= height ? maxSide : (int) Math.max(1, Math.round(width * scale));
        int h = width >= height ? (int) Math.max(1, Math.round(height * scale)) : maxSide;
        return new int[] {w, h};
    }
}
