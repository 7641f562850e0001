package dev.asyncdataset.internal.items;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The item list of an image-classification source: one key and one label per index, plus the class
 * names. Decodes an item the way DJL's {@code ImageFolder} does: an HWC uint8 image and an int64
 * scalar label.
 */
public final class LabeledKeys {

    /**
     * The image extensions DJL's {@code AbstractImageFolder} accepts, lower case, without the dot:
     * those of the image sources' files and of a tar shard sample's image part.
     */
    public static final List<String> IMAGE_EXTENSIONS =
            List.of("jpg", "jpeg", "png", "bmp", "gif", "wbmp");

    private final List<String> classes;
    private final List<String> keys;
    private final long[] labels;

    public LabeledKeys(List<String> classes, List<String> keys, long[] labels) {
        if (keys.size() != labels.length) {
            throw new IllegalArgumentException(
                    keys.size() + " keys but " + labels.length + " labels");
        }
        this.classes = List.copyOf(classes);
        this.keys = List.copyOf(keys);
        this.labels = labels.clone();
    }

    /**
     * Numbers the classes of {@code byClass} in its key order (label = position of the class) and
     * lists the items class by class, in the order of each class's list.
     */
    public static LabeledKeys ofClasses(SortedMap<String, List<String>> byClass) {
        List<String> keys = new ArrayList<>();
        List<Long> labels = new ArrayList<>();
        long label = 0;
        for (List<String> items : byClass.values()) {
            keys.addAll(items);
            for (int i = 0; i < items.size(); i++) {
                labels.add(label);
            }
            label++;
        }
        long[] array = labels.stream().mapToLong(Long::longValue).toArray();
        return new LabeledKeys(new ArrayList<>(byClass.keySet()), keys, array);
    }

    /**
     * Lists the {@code <class>/<file>} keys among {@code relativeKeys} whose file has one of DJL's
     * image extensions, grouped by class as {@link #ofClasses} numbers them, in the given order
     * within a class; nested keys and hidden names are left out.
     *
     * @param relativeKeys the keys under the source's location, relative to it
     * @param where the location, for the message when there is no such key
     * @throws IllegalArgumentException if no key is a class's image
     */
    public static LabeledKeys ofClassFolders(List<String> relativeKeys, String where) {
        SortedMap<String, List<String>> byClass = new TreeMap<>();
        for (String key : relativeKeys) {
            int slash = key.indexOf('/');
            if (slash > 0
                    && key.indexOf('/', slash + 1) < 0
                    && !key.startsWith(".")
                    && isImageName(key.substring(slash + 1))) {
                byClass.computeIfAbsent(key.substring(0, slash), c -> new ArrayList<>()).add(key);
            }
        }
        if (byClass.isEmpty()) {
            throw new IllegalArgumentException("no <class>/<image> keys under " + where);
        }
        return ofClasses(byClass);
    }

    /** True for a visible file name with one of DJL's image extensions, in any case. */
    public static boolean isImageName(String name) {
        int dot = name.lastIndexOf('.');
        return !name.startsWith(".")
                && dot >= 0
                && isImageExtension(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /**
     * Whether {@code extension}, lower case, is an image's: one of {@link #IMAGE_EXTENSIONS}, or
     * one an {@link dev.asyncdataset.decode.ImageFormat} on the class path decodes.
     */
    public static boolean isImageExtension(String extension) {
        return IMAGE_EXTENSIONS.contains(extension) || ImageDecoder.hasFormat(extension);
    }

    public int size() {
        return keys.size();
    }

    public String key(long index) {
        return keys.get(Math.toIntExact(index));
    }

    public long label(long index) {
        return labels[Math.toIntExact(index)];
    }

    public List<String> classes() {
        return classes;
    }

    /**
     * Decodes the image of item {@code index}, from the buffer's position to its limit; {@code
     * name} is used in error messages.
     */
    public Record decode(NDManager manager, long index, ByteBuffer bytes, String name)
            throws BadItemException {
        NDList data = new NDList(ImageDecoder.decode(manager, bytes, name));
        return new Record(data, new NDList(manager.create(label(index))));
    }
}
