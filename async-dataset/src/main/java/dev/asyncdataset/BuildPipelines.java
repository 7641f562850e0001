package dev.asyncdataset;

import ai.djl.ndarray.NDList;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.source.ItemSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Which pipelines the loader runs where, for each way of building a {@link ConcurrentDataset}. */
final class BuildPipelines {

    private static final Logger logger = LoggerFactory.getLogger(ConcurrentDataset.class);
    private static volatile boolean warnedBatchRandom;

    private BuildPipelines() {}

    /** The data pipeline of {@code setData}, run on whole batches as ArrayDataset does. */
    static Pipeline perBatch(Pipeline pipeline) {
        if (ItemRandom.seeded(pipeline) != pipeline && !warnedBatchRandom) {
            warnedBatchRandom = true;
            logger.warn(
                    "setData runs the pipeline on whole batches, as ArrayDataset does; DJL's"
                            + " random transforms in it draw from DJL's shared generator in the"
                            + " order batches are stacked, so they are not reproducible: use"
                            + " setSource with dev.asyncdataset.decode's transforms for"
                            + " reproducible augmentation");
        }
        return pipeline;
    }

    /**
     * The label pipeline: a wrapped dataset's first, as DJL's loader over it runs it, then the
     * builder's {@code own}.
     */
    static Pipeline labels(ItemSource<?> items, Pipeline own) {
        Pipeline wrapped = items instanceof DatasetSource ds ? ds.targetPipeline() : null;
        if (wrapped == null || own == null) {
            return wrapped != null ? wrapped : own;
        }
        return new Pipeline() {
            @Override
            public NDList transform(NDList labels) {
                return own.transform(wrapped.transform(labels));
            }
        };
    }
}
