package dev.asyncdataset.decode;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * A decoder of an image format, found through {@link java.util.ServiceLoader} as DJL finds its
 * engines: a jar on the class path names its implementation in {@code
 * META-INF/services/dev.asyncdataset.decode.ImageFormat}, and {@link ImageDecoder} decodes with it
 * every image whose key ends with one of its {@link #extensions}, except JPEGs that TurboJPEG
 * decodes; the library's own decoders take the rest. Where several claim an extension, the first on
 * the class path decodes it.
 */
public interface ImageFormat {

    /**
     * The file extensions of the images it decodes, lower case, without the dot ({@code "webp"}).
     *
     * @return the extensions
     */
    Set<String> extensions();

    /**
     * Decodes an image; its colour model becomes RGB as an ImageIO image's does in {@link
     * ImageDecoder}.
     *
     * @param encoded the encoded image, read-only, from its position to its limit
     * @return the image
     * @throws IOException if the bytes are not a decodable image of this format
     */
    BufferedImage decode(ByteBuffer encoded) throws IOException;
}
