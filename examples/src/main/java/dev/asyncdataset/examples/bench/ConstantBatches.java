package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.ImageRecipes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * No loader at all, the floor every DJL loader pays in the benchmark's process: each batch is one
 * constant host batch of uint8 pixels (random, made once) turned into an array and normalized by
 * the same device pipeline as ConcurrentDataset's ({@link ImageRecipes#deviceNormalize()}), with
 * int64 labels; {@code size / batch} batches per epoch, on the caller's thread.
 */
final class ConstantBatches implements Dataset, AutoCloseable {

    private final ByteBuffer pixels;
    private final ByteBuffer labels;
    private final Shape shape;
    private final int batches;
    private final Pipeline normalize = new Pipeline(ImageRecipes.deviceNormalize());

    /**
     * @param batch the batch size
     * @param imageSize the images' height and width
     * @param size the items per epoch
     */
    ConstantBatches(int batch, int imageSize, long size) {
        shape = new Shape(batch, imageSize, imageSize, 3);
        pixels = ByteBuffer.allocateDirect(Math.toIntExact(shape.size()));
        labels = ByteBuffer.allocateDirect(8 * batch).order(ByteOrder.nativeOrder());
        SplittableRandom random = new SplittableRandom(7);
        while (pixels.hasRemaining()) {
            pixels.put((byte) random.nextInt(256));
        }
        pixels.clear();
        batches = Math.toIntExact(size / batch);
    }

    @Override
    public Iterable<Batch> getData(NDManager manager) {
        return () -> new Batches(manager);
    }

    @Override
    public void prepare(Progress progress) {}

    /** Nothing to close: the buffers are the garbage collector's. */
    @Override
    public void close() {}

    private Batch batch(NDManager parent, int index) {
        NDManager manager = parent.newSubManager();
        NDArray data = manager.create(pixels.duplicate(), shape, DataType.UINT8);
        NDArray label = manager.create(labels.duplicate(), new Shape(shape.get(0)), DataType.INT64);
        return new Batch(
                manager,
                normalize.transform(new NDList(data)),
                new NDList(label),
                Math.toIntExact(shape.get(0)),
                Batchifier.STACK,
                Batchifier.STACK,
                index,
                batches);
    }

    /** One epoch's batches. */
    private final class Batches implements Iterator<Batch> {

        private final NDManager manager;
        private int next;

        Batches(NDManager manager) {
            this.manager = manager;
        }

        @Override
        public boolean hasNext() {
            return next < batches;
        }

        @Override
        public Batch next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return batch(manager, next++);
        }
    }
}
