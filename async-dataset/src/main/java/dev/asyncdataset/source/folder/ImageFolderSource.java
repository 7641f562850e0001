package dev.asyncdataset.source.folder;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.items.LabeledKeys;
import dev.asyncdataset.source.LabeledImageSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Images in a local folder laid out as {@code root/<class>/<file>}, a drop-in for DJL's {@code
 * ImageFolder}: same classes (the visible sub-folders, sorted by name), same files (extensions jpg,
 * jpeg, png, bmp, wbmp, gif in any case, and those of an {@link
 * dev.asyncdataset.decode.ImageFormat} on the class path; hidden files skipped), same item order,
 * same labels (the position of the class folder, as an int64 scalar). Bytes are read in {@link
 * #fetch}, into a recycled array of the library's shared pool that {@link #release} gives back, and
 * decoded to an HWC uint8 RGB image in {@link #decode}.
 *
 * <p>The source never reads outside its root: a file whose real path (after following symlinks) is
 * not under the root's real path fails with {@link BadItemException}.
 */
final class ImageFolderSource implements LabeledImageSource {

    private final RootedPaths root;
    private final LabeledKeys items;

    private ImageFolderSource(RootedPaths root, LabeledKeys items) {
        this.root = root;
        this.items = items;
    }

    /**
     * Lists the images under {@code root}.
     *
     * @param root the folder holding one sub-folder per class
     * @return the source
     * @throws IOException if the folder cannot be listed
     * @throws IllegalArgumentException if {@code root} has no class folder
     */
    public static ImageFolderSource of(Path root) throws IOException {
        RootedPaths rooted = new RootedPaths(root);
        SortedMap<String, List<String>> byClass = new TreeMap<>();
        try (Stream<Path> children = Files.list(rooted.root())) {
            children.filter(
                            p ->
                                    Files.isDirectory(p)
                                            && !p.getFileName().toString().startsWith("."))
                    .forEach(p -> byClass.put(p.getFileName().toString(), new ArrayList<>()));
        }
        if (byClass.isEmpty()) {
            throw new IllegalArgumentException(root + " has no class folder");
        }
        for (var entry : byClass.entrySet()) {
            listImages(rooted.root(), entry.getKey(), entry.getValue());
        }
        return new ImageFolderSource(rooted, LabeledKeys.ofClasses(byClass));
    }

    /** Lists in directory order, as DJL's {@code Files.walk(classFolder, 1)} does. */
    private static void listImages(Path root, String className, List<String> keys)
            throws IOException {
        try (Stream<Path> files = Files.list(root.resolve(className))) {
            files.filter(
                            p ->
                                    Files.isRegularFile(p)
                                            && LabeledKeys.isImageName(p.getFileName().toString()))
                    .forEach(p -> keys.add(className + "/" + p.getFileName()));
        }
    }

    /**
     * Returns the class names; the label of an item is the position of its class in this list.
     *
     * @return the sorted class folder names
     */
    @Override
    public List<String> getClasses() {
        return items.classes();
    }

    /**
     * Returns the path of item {@code index} relative to the root, as {@code <class>/<file>}.
     *
     * @param index the item index
     * @return the relative path
     */
    public String key(long index) {
        return items.key(index);
    }

    /** The label of item {@code index}: the position of its class. */
    @Override
    public long label(long index) {
        return items.label(index);
    }

    @Override
    public long size() {
        return items.size();
    }

    /** Reads the file into a recycled array, as a heap buffer: position 0, limit its length. */
    @Override
    public ByteBuffer fetch(NDManager manager, long index) throws IOException {
        try {
            return BodyBuffers.shared().read(root.resolve(items.key(index)));
        } catch (OutOfMemoryError e) {
            throw new BadItemException(describe(index), "out of memory reading it", e);
        }
    }

    @Override
    public Record decode(NDManager manager, long index, ByteBuffer fetched)
            throws BadItemException {
        return items.decode(manager, index, fetched, describe(index));
    }

    /** Gives the fetched body's array back to the pool. */
    @Override
    public void release(long index, ByteBuffer fetched) {
        BodyBuffers.shared().give(fetched);
    }

    /** Returns the absolute path of item {@code index}. */
    @Override
    public String describe(long index) {
        return root.display(items.key(index)).toString();
    }
}
