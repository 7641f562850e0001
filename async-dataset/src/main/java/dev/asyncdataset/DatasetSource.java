package dev.asyncdataset;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import ai.djl.translate.TranslateException;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.internal.djl.DjlDatasets;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;

/**
 * Items of an existing DJL {@link RandomAccessDataset} (DJL's {@code ImageFolder}, a CSV dataset,
 * an {@code ArrayDataset}, one of your own), for {@link ConcurrentDatasetBuilder#addSource} and
 * {@link ConcurrentDatasetBuilder#setSource} ({@link ConcurrentDatasetBuilder#setDataset} wraps one
 * itself): its {@code get} runs on the fetch stage, so that a dataset whose {@code get} waits on
 * storage is read concurrently. Its {@code get} must then be thread-safe and draw from no shared
 * random state (such as DJL's {@code RandomUtils}); otherwise fetch sequentially ({@code
 * optSequentialFetch(true)}), which calls it in the sampler's order on one thread, as DJL's loader
 * does. As DJL's loader over that dataset does, the wrapped dataset's data pipeline (for example an
 * {@code ImageFolder}'s {@code addTransform}s) runs on each item, here on the decode stage (on an
 * {@code ArrayDataset}'s rows, on each batch, as DJL's loader runs it there), and its label
 * pipeline on each batch's stacked labels. Its sampler and batchifiers are not used: set them on
 * the {@code ConcurrentDataset} builder.
 */
public final class DatasetSource implements ItemSource<Record> {

    private final RandomAccessDataset dataset;
    private final Pipeline pipeline;
    private final Pipeline targetPipeline;

    /**
     * Wraps {@code dataset}, which must already be prepared or able to prepare itself.
     *
     * @param dataset the dataset to read
     * @throws IllegalArgumentException if the dataset's pipelines cannot be read
     */
    public DatasetSource(RandomAccessDataset dataset) {
        this.dataset = dataset;
        this.pipeline = ItemRandom.seeded(DjlDatasets.pipeline(dataset, "pipeline"));
        this.targetPipeline = DjlDatasets.pipeline(dataset, "targetPipeline");
    }

    /**
     * Returns the wrapped dataset's label pipeline, which DJL's loader applies to the stacked
     * labels of each batch, or {@code null}.
     */
    Pipeline targetPipeline() {
        return targetPipeline;
    }

    @Override
    public void prepare(Progress progress) throws IOException {
        try {
            dataset.prepare(progress);
        } catch (TranslateException e) {
            throw new IOException("cannot prepare " + dataset.getClass().getSimpleName(), e);
        }
    }

    /**
     * Returns whether the wrapped dataset is an {@code ArrayDataset} read by {@code
     * ArrayDataset.get} (rows of in-memory arrays) with no data pipeline: its items are then read
     * and stacked on one thread, in the sampler's order, as DJL's loader reads them.
     */
    boolean inMemory() {
        return DjlDatasets.readsRows(dataset) && pipeline == null;
    }

    @Override
    public long size() {
        return dataset.size();
    }

    @Override
    public Record fetch(NDManager manager, long index) throws Exception {
        try {
            return dataset.get(manager, index);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    describe(index)
                            + ": get failed ("
                            + e
                            + "); it runs on several threads at once unless fetched sequentially"
                            + " (optSequentialFetch(true)), so it must be thread-safe",
                    e);
        }
    }

    @Override
    public Record decode(NDManager manager, long index, Record fetched) {
        if (pipeline == null) {
            return fetched;
        }
        return new Record(pipeline.transform(fetched.getData()), fetched.getLabels());
    }

    @Override
    public String describe(long index) {
        return dataset.getClass().getSimpleName() + " item " + index;
    }
}
