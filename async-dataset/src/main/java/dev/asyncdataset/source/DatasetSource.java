package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.translate.TranslateException;
import ai.djl.util.Progress;
import java.io.IOException;

/**
 * Items of an existing DJL {@link RandomAccessDataset} (DJL's {@code ImageFolder}, a CSV dataset,
 * one of your own): its {@code get} runs on the fetch stage, so that a dataset whose {@code get}
 * waits on storage is read concurrently. The wrapped dataset's own pipeline, sampler and
 * batchifiers are not used (DJL applies them in its iterator, not in {@code get}): set them on the
 * {@code ConcurrentDataset} builder.
 */
public final class DatasetSource implements ItemSource<Record> {

    private final RandomAccessDataset dataset;

    /**
     * Wraps {@code dataset}, which must already be prepared or able to prepare itself.
     *
     * @param dataset the dataset to read
     */
    public DatasetSource(RandomAccessDataset dataset) {
        this.dataset = dataset;
    }

    @Override
    public void prepare(Progress progress) throws IOException {
        try {
            dataset.prepare(progress);
        } catch (TranslateException e) {
            throw new IOException("cannot prepare " + dataset.getClass().getSimpleName(), e);
        }
    }

    @Override
    public long size() {
        return dataset.size();
    }

    @Override
    public Record fetch(NDManager manager, long index) throws Exception {
        return dataset.get(manager, index);
    }

    @Override
    public Record decode(NDManager manager, long index, Record fetched) {
        return fetched;
    }

    @Override
    public String describe(long index) {
        return dataset.getClass().getSimpleName() + " item " + index;
    }
}
