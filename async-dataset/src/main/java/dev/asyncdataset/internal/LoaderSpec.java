package dev.asyncdataset.internal;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.source.ItemSource;

/**
 * Everything a {@link Loader} needs that does not change between epochs.
 *
 * @param source where items come from
 * @param fetchers most concurrent {@link ItemSource#fetch} calls: the fixed number, or AUTO's bound
 * @param autoFetchers whether the fetch concurrency follows Little's law ({@link FetchLimit})
 * @param workers most batches in flight between planning and staging
 * @param stagingDepth most batches on the device that the trainer has not closed yet
 * @param decodeThreads platform threads of the decode stage
 * @param inOrder whether batches are handed out in sampler order, or as soon as ready
 * @param badItemPolicy what to do with a bad item
 * @param seed the seed of the per-item random generators
 * @param dataBatchifier stacks the data of the items of a batch
 * @param labelBatchifier stacks the labels of the items of a batch
 * @param pipeline per-item data transforms (CPU stage), or {@code null}
 * @param batchPipeline transforms of the stacked batch data (CPU stage, before {@code
 *     targetPipeline}), or {@code null}
 * @param targetPipeline per-batch label transforms (CPU stage), or {@code null}
 * @param devicePipeline per-batch data transforms on the target device, or {@code null}
 * @param device the target device, or {@code null} for the device of the trainer's manager
 * @param hostBuffers the recycled host batch buffers, or {@code null} to keep every batch on the
 *     per-item path ({@link BatchAssembly#of} decides per epoch)
 */
public record LoaderSpec(
        ItemSource<?> source,
        int fetchers,
        boolean autoFetchers,
        int workers,
        int stagingDepth,
        int decodeThreads,
        boolean inOrder,
        BadItemPolicy badItemPolicy,
        long seed,
        Batchifier dataBatchifier,
        Batchifier labelBatchifier,
        Pipeline pipeline,
        Pipeline batchPipeline,
        Pipeline targetPipeline,
        Pipeline devicePipeline,
        Device device,
        HostBuffers hostBuffers) {

    /**
     * Returns this configuration reading from {@code other} instead.
     *
     * @param other the item source
     * @return the configuration with that source
     */
    public LoaderSpec withSource(ItemSource<?> other) {
        return new LoaderSpec(
                other,
                fetchers,
                autoFetchers,
                workers,
                stagingDepth,
                decodeThreads,
                inOrder,
                badItemPolicy,
                seed,
                dataBatchifier,
                labelBatchifier,
                pipeline,
                batchPipeline,
                targetPipeline,
                devicePipeline,
                device,
                hostBuffers);
    }

    /**
     * Decodes a fetched item and runs the per-item pipeline on it, with the current item generator:
     * what one item becomes on the per-item path, and in {@code ConcurrentDataset.get}.
     *
     * @param manager the manager of the item's arrays
     * @param index the item's index
     * @param fetched what {@link ItemSource#fetch} returned for it
     * @return the item's record
     * @throws Exception if the item cannot be decoded or transformed
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Record decode(NDManager manager, long index, Object fetched) throws Exception {
        Record record = ((ItemSource) source).decode(manager, index, fetched);
        if (pipeline == null) {
            return record;
        }
        return new Record(pipeline.transform(record.getData()), record.getLabels());
    }
}
