package dev.asyncdataset.internal.pipeline;

import dev.asyncdataset.source.ItemSource;

/**
 * How much of an epoch runs at once; each value is the builder option of the same name.
 *
 * @param fetchers most concurrent {@link ItemSource#fetch} calls: the fixed number, or AUTO's bound
 * @param autoFetchers whether the fetch concurrency follows Little's law ({@link FetchLimit})
 * @param workers fewest batches in flight between planning and staging
 * @param stagingDepth most batches on the device that the trainer has not closed yet
 * @param decodeThreads platform threads of the decode stage
 * @param inOrder whether batches are handed out in sampler order, or as soon as ready
 * @param fetchMode how items are fetched: concurrently, or in sampler order on one thread
 */
public record Concurrency(
        int fetchers,
        boolean autoFetchers,
        int workers,
        int stagingDepth,
        int decodeThreads,
        boolean inOrder,
        FetchMode fetchMode) {}
