package dev.asyncdataset.internal.items;

import java.util.Locale;

/**
 * WebDataset's rule for which sample a file or tar member belongs to: a member's key is its path up
 * to the first dot of its base name, and its part name is the rest, lower-cased. Members sharing a
 * key form one sample. A base name that starts with a dot or has none belongs to no sample.
 *
 * <pre>{@code
 * SampleNames.key("train/n01440764_10026.JPEG")   // "train/n01440764_10026"
 * SampleNames.part("train/n01440764_10026.JPEG")  // "jpeg"
 * SampleNames.part("shard/000123.seg.png")        // "seg.png"
 * }</pre>
 */
public final class SampleNames {

    private SampleNames() {}

    /**
     * Tells whether {@code path} names a sample's part: its base name has a dot after its first
     * character.
     *
     * @param path a member path with {@code /} separators
     * @return whether the path belongs to a sample
     */
    public static boolean isPart(String path) {
        return firstDot(path) > 0;
    }

    /**
     * Returns the key of the sample {@code path} belongs to.
     *
     * @param path a member path with {@code /} separators
     * @return the path up to the first dot of its base name
     * @throws IllegalArgumentException if {@code path} belongs to no sample
     */
    public static String key(String path) {
        return path.substring(0, path.lastIndexOf('/') + 1 + checkedDot(path));
    }

    /**
     * Returns the part name of {@code path} within its sample.
     *
     * @param path a member path with {@code /} separators
     * @return what follows the first dot of the base name, lower-cased
     * @throws IllegalArgumentException if {@code path} belongs to no sample
     */
    public static String part(String path) {
        int start = path.lastIndexOf('/') + 1 + checkedDot(path) + 1;
        return path.substring(start).toLowerCase(Locale.ROOT);
    }

    private static int checkedDot(String path) {
        int dot = firstDot(path);
        if (dot <= 0) {
            throw new IllegalArgumentException(
                    "'"
                            + path
                            + "' names no sample part: its base name has no dot after its start");
        }
        return dot;
    }

    /** The position of the first dot in the base name, -1 if none. */
    private static int firstDot(String path) {
        return path.substring(path.lastIndexOf('/') + 1).indexOf('.');
    }
}
