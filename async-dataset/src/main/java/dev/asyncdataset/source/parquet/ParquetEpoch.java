package dev.asyncdataset.source.parquet;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One random-access epoch of a Parquet source: its items fetched through {@link EpochPages}, all
 * else answered by the source. Closing it drops what the epoch kept.
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
class ParquetEpoch<T> implements ItemSource<T> {

    private final ItemSource<T> source;
    private final EpochPages<?, T> pages;

    ParquetEpoch(ItemSource<T> source, EpochPages<?, T> pages) {
        this.source = source;
        this.pages = pages;
    }

    @Override
    public long size() {
        return source.size();
    }

    @Override
    public T fetch(NDManager manager, long index) throws BadItemException, InterruptedException {
        return pages.fetch(index);
    }

    @Override
    public Record decode(NDManager manager, long index, T fetched) throws Exception {
        return source.decode(manager, index, fetched);
    }

    /** Gives the value's arrays back to the epoch's pool of copies, then to the source. */
    @Override
    public void release(long index, T fetched) {
        pages.release(fetched);
        source.release(index, fetched);
    }

    @Override
    public String describe(long index) {
        return source.describe(index);
    }

    @Override
    public List<BadItemException> damaged() {
        return source.damaged();
    }

    @Override
    public SourceStats stats() {
        return source.stats();
    }

    /** Drops what the epoch kept; called once its fetches stopped. */
    @Override
    public void close() {
        pages.close();
    }

    /** The epoch of an image-classification source, which keeps its labels at hand. */
    static final class Labeled extends ParquetEpoch<ByteBuffer> implements LabeledImageSource {

        private final LabeledImageSource source;

        Labeled(LabeledImageSource source, EpochPages<?, ByteBuffer> pages) {
            super(source, pages);
            this.source = source;
        }

        @Override
        public List<String> getClasses() {
            return source.getClasses();
        }

        @Override
        public long label(long index) {
            return source.label(index);
        }
    }
}
