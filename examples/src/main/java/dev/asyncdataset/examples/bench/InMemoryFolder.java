package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.LabeledImageSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An image folder read into memory up front: fetches cost nothing, so a loader over it runs at the
 * CPU-bound ceiling of its decode and augmentation.
 */
final class InMemoryFolder implements LabeledImageSource {

    private final LabeledImageSource folder;
    private final byte[][] files;

    private InMemoryFolder(LabeledImageSource folder, byte[][] files) {
        this.folder = folder;
        this.files = files;
    }

    /**
     * Reads every file of {@code folder}.
     *
     * @param folder the folder
     * @return the folder's items, in memory
     * @throws IOException if a file cannot be read
     */
    static InMemoryFolder load(LabeledImageSource folder) throws IOException {
        byte[][] files = new byte[Math.toIntExact(folder.size())][];
        for (int i = 0; i < files.length; i++) {
            files[i] = Files.readAllBytes(Path.of(folder.describe(i)));
        }
        return new InMemoryFolder(folder, files);
    }

    @Override
    public long size() {
        return files.length;
    }

    /** The file's bytes where they are held: a heap buffer over them, nothing to give back. */
    @Override
    public ByteBuffer fetch(NDManager manager, long index) {
        return ByteBuffer.wrap(files[(int) index]);
    }

    @Override
    public Record decode(NDManager manager, long index, ByteBuffer fetched) throws Exception {
        return folder.decode(manager, index, fetched);
    }

    @Override
    public long label(long index) {
        return folder.label(index);
    }

    @Override
    public String describe(long index) {
        return folder.describe(index);
    }
}
