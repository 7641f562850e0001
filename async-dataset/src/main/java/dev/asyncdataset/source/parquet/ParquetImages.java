package dev.asyncdataset.source.parquet;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.source.LabeledImageSource;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * Labeled images from Parquet files, as {@link ParquetSource} tells; built by {@link
 * ParquetSource#build}.
 */
final class ParquetImages extends ParquetRows<ByteBuffer> implements LabeledImageSource {

    private final ParquetTable<RowGroupRows> table;
    private final List<String> classes;
    private final AtomicReferenceArray<long[]> labels;

    ParquetImages(ParquetTable<RowGroupRows> table, List<String> classes) {
        super(table);
        this.table = table;
        this.classes = List.copyOf(classes);
        this.labels = new AtomicReferenceArray<>(table.groups());
    }

    /**
     * Returns the class names, label {@code i} being the {@code i}-th: those given ({@link
     * ParquetSource#optClasses}), else the {@code ClassLabel} names of the label column in the
     * files' {@code huggingface} metadata, else the lines of {@code classes.txt}; empty if none.
     *
     * @return the class names
     */
    @Override
    public List<String> getClasses() {
        return classes;
    }

    /**
     * Reads (or finds read) the item's page or row group and returns a copy of its image, since the
     * page holding it is reused once the cache drops it: the path of fetches outside an epoch.
     */
    @Override
    public ByteBuffer fetch(NDManager manager, long index)
            throws BadItemException, InterruptedException {
        return table.rowGroup(index, this::copiedImage);
    }

    /**
     * Keeps the images the epoch has not fetched yet of each page it reads, as copies in arrays of
     * the source's pool of copies.
     */
    @Override
    ParquetEpoch<ByteBuffer> epochView() {
        return new ParquetEpoch.Labeled(
                this,
                table.epoch(
                        (index, rows, copies) -> copy(image(index, rows), copies::take),
                        RowGroupRows::rowBytes));
    }

    private ByteBuffer copiedImage(long index, RowGroupRows rows) throws BadItemException {
        return copy(image(index, rows), byte[]::new);
    }

    /** A copy of {@code image} at the start of an array {@code arrays} gives for its length. */
    private static ByteBuffer copy(ByteBuffer image, IntFunction<byte[]> arrays) {
        int length = image.remaining();
        byte[] bytes = arrays.apply(length);
        image.get(bytes, 0, length);
        return ByteBuffer.wrap(bytes, 0, length);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each row group's image and label chunks are read at once into a buffer of the longest such
     * span, which this source keeps and reuses across epochs, and its pages are decoded by the
     * fetch of its first item into arrays the source reuses; the decoded row group is kept until
     * the epoch's last image of it has been decoded.
     *
     * <p>Public only because the loader, in another package, streams an epoch through it, as it
     * does a tar shard source's. A training loop never needs to call it.
     */
    @Override
    public ShardEpoch<ByteBuffer> streamedEpoch() {
        return table.streamedEpoch(this::image);
    }

    /** Item {@code index}'s image in its row group {@code rows}, whose labels are kept: a view. */
    private ByteBuffer image(long index, RowGroupRows rows) throws BadItemException {
        labels.compareAndSet(table.group(index), null, rows.labels());
        int row = table.row(index);
        String problem = rows.problem(row);
        if (problem != null) {
            throw new BadItemException(describe(index), problem, null);
        }
        return rows.images()[row].duplicate();
    }

    @Override
    public Record decode(NDManager manager, long index, ByteBuffer fetched)
            throws BadItemException {
        NDList data = new NDList(ImageDecoder.decode(manager, fetched, describe(index)));
        return new Record(data, new NDList(manager.create(label(index))));
    }

    /**
     * The label of item {@code index}, kept since its row group was read; 0 for a null label, whose
     * item a fetch or an epoch fails (or skips) as a bad item naming its row.
     */
    @Override
    public long label(long index) {
        long[] known = labels.get(table.group(index));
        if (known == null) {
            try {
                known = table.rowGroup(index, (item, rows) -> rows.labels());
            } catch (BadItemException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted reading " + describe(index), e);
            }
        }
        return known[table.row(index)];
    }
}
