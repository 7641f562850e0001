package dev.asyncdataset.internal.pipeline;

import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;

/**
 * What turns items into the batches the trainer gets, in the order it runs.
 *
 * @param item per-item data transforms (decode stage), or {@code null}
 * @param data stacks the data of the items of a batch
 * @param labels stacks the labels of the items of a batch
 * @param batch transforms of the stacked data (decode stage), or {@code null}
 * @param target transforms of the stacked labels (decode stage), or {@code null}
 * @param device transforms of the stacked data on the target device, or {@code null}
 */
public record Pipelines(
        Pipeline item,
        Batchifier data,
        Batchifier labels,
        Pipeline batch,
        Pipeline target,
        Pipeline device) {}
