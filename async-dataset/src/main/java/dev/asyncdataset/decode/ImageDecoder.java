package dev.asyncdataset.decode;

import ai.djl.modality.cv.Image;
import ai.djl.modality.cv.ImageFactory;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import dev.asyncdataset.source.BadItemException;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Decodes encoded image bytes (JPEG, PNG, BMP, GIF) into an RGB array of shape (height, width,
 * 3) and type uint8, with DJL's {@link ImageFactory}: the OpenCV factory when {@code
 * ai.djl.opencv:opencv} is on the classpath, Java's ImageIO otherwise.
 */
public final class ImageDecoder {

    private ImageDecoder() {}

    /**
     * Decodes {@code bytes} into an HWC uint8 RGB array created in {@code manager}.
     *
     * @param manager where the array is created
     * @param bytes the encoded image
     * @param key the item's key or path, for the error message
     * @return the decoded image
     * @throws BadItemException if the bytes are not a decodable image
     */
    public static NDArray decode(NDManager manager, byte[] bytes, String key)
            throws BadItemException {
        if (bytes.length == 0) {
            throw new BadItemException(key, "zero-byte image", null);
        }
        Image image;
        try {
            image = ImageFactory.getInstance().fromInputStream(new ByteArrayInputStream(bytes));
        } catch (IOException | RuntimeException e) {
            throw new BadItemException(key, "not a decodable image (" + bytes.length + " bytes)", e);
        }
        return image.toNDArray(manager, Image.Flag.COLOR);
    }
}
