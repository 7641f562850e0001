package dev.asyncdataset.source;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * An image-classification source: each item is an encoded image and an int64 label, and {@link
 * #decode} gives DJL's {@code ImageFolder} record for it (an HWC uint8 RGB image and an int64
 * scalar label). Knowing that, the loader can decode the fetched bytes straight into a row of a
 * recycled batch buffer and put the label beside them, instead of calling {@link #decode}.
 *
 * <p>{@link #fetch} returns the encoded image as a buffer from its position to its limit (the
 * library's sources: a heap buffer over a recycled array, position 0, limit the image's length,
 * given back to their pool in {@link #release}; a source of its own can return {@code
 * ByteBuffer.wrap(bytes)} and keep the default {@code release}). The decoders read it where it is
 * and never move its position.
 */
public interface LabeledImageSource extends ItemSource<ByteBuffer> {

    /**
     * Returns the label of item {@code index}, the one {@link #decode} puts in its record.
     *
     * @param index the item index
     * @return the label
     */
    long label(long index);

    /**
     * Returns the class names: the label of an item is its class's position in this list. The
     * default is an empty list, for labels that name no class.
     *
     * @return the class names in label order
     */
    default List<String> getClasses() {
        return List.of();
    }
}
