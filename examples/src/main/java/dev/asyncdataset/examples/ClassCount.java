package dev.asyncdataset.examples;

import dev.asyncdataset.source.LabeledImageSource;

/**
 * The number of classes of a split of shards or Parquet: that of the source's class names ({@code
 * classes.txt}, or the Hub's {@code ClassLabel} metadata), else {@code --classes} when given (for
 * the validation split, the training split's count), else one more than the largest label, read
 * from every item.
 */
final class ClassCount {

    private ClassCount() {}

    /**
     * Returns the classes of {@code source}, closing it if they cannot be told.
     *
     * @param settings the run's settings, {@code classes} 0 when not given
     * @param source the split's source
     * @return at least 1
     * @throws IllegalArgumentException if the source has no items to count labels from
     */
    static int of(TrainingSettings settings, LabeledImageSource source) {
        if (!source.getClasses().isEmpty()) {
            return source.getClasses().size();
        }
        if (settings.classes() > 0) {
            return settings.classes();
        }
        long size = source.size();
        if (size == 0) {
            source.close();
            throw new IllegalArgumentException(
                    settings.data() + " has no items and no class names; give --classes N");
        }
        System.out.printf(
                "%s names no classes: counting them from the labels of %d items"
                        + " (--classes N skips this)%n",
                settings.data(), size);
        long largest = 0;
        for (long i = 0; i < size; i++) {
            largest = Math.max(largest, source.label(i));
        }
        return Math.toIntExact(largest + 1);
    }
}
