package dev.asyncdataset.decode;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The {@link ImageFormat}s on the class path, found once, by the extensions they decode; without
 * any, an image costs one look at an empty table.
 */
final class ImageFormats {

    private static final Map<String, ImageFormat> BY_EXTENSION = load();

    private ImageFormats() {}

    /** The format that decodes the image of {@code key}, by its extension, or null. */
    static ImageFormat of(String key) {
        if (BY_EXTENSION.isEmpty()) {
            return null;
        }
        int dot = key.lastIndexOf('.');
        return dot < 0 ? null : forExtension(key.substring(dot + 1));
    }

    /** The format that decodes images of {@code extension}, in any case, or null. */
    static ImageFormat forExtension(String extension) {
        return BY_EXTENSION.get(extension.toLowerCase(Locale.ROOT));
    }

    /**
     * Decodes {@code bytes} with {@code format} into the thread's reused buffer ({@link
     * Uint8Arrays#fill}).
     *
     * @throws BadItemException naming the key if the format cannot decode them, or the image has
     *     more than {@link EncodedImages#MAX_PIXELS} pixels
     */
    static Pixels decode(ImageFormat format, ByteBuffer bytes, String key) throws BadItemException {
        BufferedImage image;
        try {
            image = format.decode(bytes.asReadOnlyBuffer());
        } catch (IOException | RuntimeException e) {
            throw new BadItemException(
                    key, "not decodable by " + format.getClass().getName() + ": " + e, e);
        }
        if ((long) image.getHeight() * image.getWidth() > EncodedImages.MAX_PIXELS) {
            throw new BadItemException(
                    key,
                    image.getWidth() + " x " + image.getHeight() + " pixels, more than allowed",
                    null);
        }
        return Uint8Arrays.fill(
                image.getHeight(), image.getWidth(), buffer -> ImageIoCodec.fill(image, buffer));
    }

    private static Map<String, ImageFormat> load() {
        Map<String, ImageFormat> formats = new HashMap<>();
        for (ImageFormat format : ServiceLoader.load(ImageFormat.class)) {
            for (String extension : format.extensions()) {
                formats.putIfAbsent(extension.toLowerCase(Locale.ROOT), format);
            }
        }
        return Map.copyOf(formats);
    }
}
