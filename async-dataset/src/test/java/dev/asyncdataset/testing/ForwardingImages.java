package dev.asyncdataset.testing;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.LabeledImageSource;
import java.nio.ByteBuffer;

/**
 * An image source that hands every call to another, for tests that watch or change one call: a
 * subclass overrides the calls it watches and calls {@code super}.
 */
public class ForwardingImages implements LabeledImageSource {

    private final LabeledImageSource images;

    /**
     * Forwards to {@code images}.
     *
     * @param images the source every call goes to
     */
    public ForwardingImages(LabeledImageSource images) {
        this.images = images;
    }

    @Override
    public long size() {
        return images.size();
    }

    @Override
    public ByteBuffer fetch(NDManager manager, long index) throws Exception {
        return images.fetch(manager, index);
    }

    @Override
    public Record decode(NDManager manager, long index, ByteBuffer fetched) throws Exception {
        return images.decode(manager, index, fetched);
    }

    @Override
    public void release(long index, ByteBuffer fetched) {
        images.release(index, fetched);
    }

    @Override
    public long label(long index) {
        return images.label(index);
    }

    @Override
    public String describe(long index) {
        return images.describe(index);
    }
}
