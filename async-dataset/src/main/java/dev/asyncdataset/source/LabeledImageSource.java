package dev.asyncdataset.source;

/**
 * An image-classification source: each item is an encoded image and an int64 label, and {@link
 * #decode} gives DJL's {@code ImageFolder} record for it (an HWC uint8 RGB image and an int64
 * scalar label). Knowing that, the loader can decode the fetched bytes straight into a row of a
 * recycled batch buffer and put the label beside them, instead of calling {@link #decode}.
 */
public interface LabeledImageSource extends ItemSource<byte[]> {

    /**
     * Returns the label of item {@code index}, the one {@link #decode} puts in its record.
     *
     * @param index the item index
     * @return the label
     */
    long label(long index);
}
