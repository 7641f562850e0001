package dev.asyncdataset;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.util.List;

/**
 * The items of a split ({@code randomSplit}, {@code subDataset}) of a {@link ConcurrentDataset}:
 * item {@code i} is item {@code indices[i]} of the whole source, which stays open as long as the
 * whole dataset's.
 */
final class SubsetSource<T> implements ItemSource<T> {

    private final ItemSource<T> source;
    private final long[] indices;

    SubsetSource(ItemSource<T> source, long[] indices) {
        this.source = source;
        this.indices = indices;
    }

    /** Returns {@code whole} reading only the items {@code indices} of its source. */
    static LoaderSpec spec(LoaderSpec whole, long[] indices) {
        return whole.withSource(new SubsetSource<>(whole.source(), indices));
    }

    @Override
    public void prepare(Progress progress) throws IOException {
        source.prepare(progress);
    }

    @Override
    public List<BadItemException> damaged() {
        return source.damaged();
    }

    @Override
    public long size() {
        return indices.length;
    }

    @Override
    public T fetch(NDManager manager, long index) throws Exception {
        return source.fetch(manager, indices[Math.toIntExact(index)]);
    }

    @Override
    public Record decode(NDManager manager, long index, T fetched) throws Exception {
        return source.decode(manager, indices[Math.toIntExact(index)], fetched);
    }

    @Override
    public void release(long index, T fetched) {
        source.release(indices[Math.toIntExact(index)], fetched);
    }

    @Override
    public String describe(long index) {
        return source.describe(indices[Math.toIntExact(index)]);
    }

    @Override
    public SourceStats stats() {
        return source.stats();
    }
}
