/**
 * async-dataset: a drop-in DJL {@code Dataset} that keeps training from waiting for data.
 *
 * <p>{@link dev.asyncdataset.ConcurrentDataset} replaces {@code ArrayDataset} (or wraps any {@code
 * RandomAccessDataset}, or reads an {@link dev.asyncdataset.source.ItemSource} such as a folder or
 * an S3 prefix). Each call to {@code getData} is one epoch that runs this loop ({@code
 * internal.pipeline.Loader.start} builds it, each stage before the ones that hand it work):
 *
 * <pre>
 *  sampler (the seeded EpochSampler, with optSeed or streamed shards; else the DJL Sampler)
 *     │ index lists
 *     v
 *  ┌─ async-dataset-stager-0 ────────────────────────────────────────────────────┐
 *  │ BatchWindow.fill: while fewer than W' batches are in flight, BatchPlanner   │
 *  │   numbers the next one (BatchAssembly lends it its rows) and submits it ────┼──┐
 *  │ BatchWindow.next: waits for the oldest batch's outcome (any, unordered) ←───┼──┼──┐
 *  │ DeviceStager: creates it on the device, runs the device pipeline, waits for │  │  │
 *  │   one of S hand-over slots and puts it in the HandOverSlots                 │  │  │
 *  └─────────────────────────────────────────────────────────────────────────────┘  │  │
 *     ┌─────────────────────────────────────────────────────────────────────────────┘  │
 *     v                                                                                │
 *  FetchStage: one virtual thread per item,        DecodeStage: D platform threads;    │
 *    at most F at once; ItemSource.fetch (I/O) ──>   BatchAssembly.decode (into its    │
 *     │ fetch latency                                row, or a record); the thread     │
 *     v                                              that fills a batch's last slot    │
 *  FetchLimit (AUTO: Little's law) ←─ decode time ─  runs its Collator ─── collated ───┘
 *    sets F, and W' = max(W, ceil(F / batch size) + 1)
 *
 *  trainer (EasyTrain, unmodified): hasNext/next take from the HandOverSlots;
 *    Batch.close() frees the batch's slot (and its rows, when the batch aliases them)
 * </pre>
 *
 * <p>W = {@code optPrefetchNumber}, F = the fetch limit ({@code optFetchers}, or by default AUTO up
 * to {@code optAutoFetchers}), D = {@code optDecodeThreads}, S = {@code optStagingDepth}; each
 * bound and default is stated once, in the javadoc of its builder option. Memory is bounded by the
 * W' batches in flight on the host plus the S on the device (plus what the trainer keeps open),
 * and, when streaming shards, the shard buffers bounded in {@link
 * dev.asyncdataset.source.ShardedSource}, whatever the dataset size or the number of epochs.
 *
 * <h2>Threads</h2>
 *
 * <ul>
 *   <li>{@code async-dataset-fetch-N}: virtual, one per item; only {@code ItemSource.fetch} (I/O)
 *       runs there ({@code FetchStage}). Fetched sequentially ({@code optSequentialFetch}, {@code
 *       optFetchers(1)}), one platform thread fetches the items in sampler order instead; for
 *       in-memory rows it also decodes them and runs their batch's {@code Collator}, or reads a
 *       whole batch's rows in one gather per array ({@code RowGather}) when the batchifiers stack.
 *   <li>{@code async-dataset-decode-N}: D platform threads ({@code DecodeStage}); {@code
 *       ItemSource.decode}, the per-item pipeline, and the {@code Collator} of every batch (its
 *       stacking and batch and label pipelines), whichever thread filled the batch's last slot: a
 *       batch completed by skipping a bad item at fetch is queued to a decode thread. JNI work runs
 *       here, never on virtual threads (it would pin their carriers).
 *   <li>{@code async-dataset-stager-0}: one platform thread running the {@code BatchWindow} (plans
 *       batches, keeps them in flight, waits for them in sampler order) and the {@code
 *       DeviceStager} (creates them on the device, applies the device pipeline, hands them over
 *       through the {@code HandOverSlots}). Its waits end within 100 ms of the trainer's manager
 *       closing ({@code TrainerManager}).
 *   <li>The trainer's thread only takes ready batches out of the {@code HandOverSlots} ({@code
 *       hasNext}/{@code next}); time spent there is the data-wait time in {@link
 *       dev.asyncdataset.epoch.LoaderStats}.
 *   <li>{@code async-dataset-shard-load-N}: virtual, for a streamed epoch of a {@link
 *       dev.asyncdataset.source.ShardedSource}: one schedules the shard reads, one per shard reads
 *       it whole (at most the live shards at once); they end when the epoch closes.
 *   <li>{@code async-dataset-shard-write-fetch-N}: virtual, while {@code ShardWriter} writes
 *       shards: the item reads it overlaps; {@code async-dataset-shard-write-resize-N}: one per
 *       core, when it re-encodes images to a size.
 *   <li>{@code async-dataset-part-read-N}: virtual, for the samples of a {@link
 *       dev.asyncdataset.source.folder.FolderSource} in a remote store: the part objects of one
 *       sample read at once, all ended when its fetch returns.
 *   <li>{@code async-dataset-closer-0} (short-lived: closes a loader whose trainer's manager was
 *       closed) and {@code async-dataset-cleaner} (one per process: closes epochs that became
 *       unreachable).
 *   <li>For S3, one set per process shared by every client: {@code async-dataset-s3-timeouts} (one:
 *       the phase timeouts of GETs); for listings and the shard writer's uploads, once one is made,
 *       {@code async-dataset-s3-N} (the network event loop) and {@code
 *       async-dataset-s3-completion-N} (virtual, short-lived: complete the responses). GETs run on
 *       the fetch threads themselves; the blocking client starts no thread.
 *   <li>For every remote store: {@code async-dataset-store-timeouts} (one per process: the
 *       read-idle and request timeouts of bodies) and {@code async-dataset-store-call} (virtual,
 *       one per store call waited for at most a time limit, for as long as the call runs).
 * </ul>
 *
 * <p>{@code internal.threads.StageThreads.live()}, which the tests' leak checks read, counts the
 * threads it makes: those of every loader, streamed epoch, shard write and sample read; not the
 * per-process ones. {@code internal.threads.ThreadName} names every thread, and a test checks this
 * list against it.
 *
 * <h2>Thread safety and ownership</h2>
 *
 * <ul>
 *   <li>Each item's arrays are created in its own sub-manager of its batch's host manager, by one
 *       fetch thread and then one decode thread (handed over through the executor's queue); its
 *       final arrays move to the batch manager, and the item manager (with every intermediate
 *       array) is closed at once.
 *   <li>A batch's host manager ({@code PendingBatch}) is written by the decode threads (each to its
 *       own slot), collated by the decode thread that completes it, and closed by the stager thread
 *       once the {@code DeviceStager} has staged it. Every host manager lives under one per-epoch
 *       host manager of the loader's own, closed when the epoch ends, after the fetch and decode
 *       threads have stopped. It is deliberately not under the trainer's manager: closing that one
 *       at any moment must not free arrays a decode thread is still stacking.
 *   <li>A delivered {@code Batch} ({@code StagedBatch}) owns a manager on the target device under
 *       the trainer's manager. The trainer owns it from {@code next()} on and closes it (EasyTrain
 *       does); its {@code close()} frees the device arrays and gives its hand-over slot back, which
 *       the {@code DeviceStager} reuses for the next batch. Batches staged but never taken are
 *       closed by the loader.
 *   <li>The epoch ends, and all its threads stop and all its host arrays are freed, when the
 *       sampler is exhausted, an error is thrown to the trainer, the trainer's thread is
 *       interrupted while waiting, the iterator is closed ({@code AutoCloseable}), the trainer's
 *       manager is closed, a {@code getData} of the same dataset beyond its cap of live epochs
 *       evicts it, or the iterator becomes unreachable.
 *   <li>Several epochs of one dataset may be live and read interleaved, each by one thread at a
 *       time, each delivering its whole epoch; the cap ({@code optMaxLiveEpochs}, default 2) and
 *       which epoch goes first are documented in {@link dev.asyncdataset.ConcurrentDataset}. After
 *       the trainer's manager is closed, or after its epoch was evicted, an iterator's {@code
 *       hasNext} and {@code next} throw a {@link dev.asyncdataset.epoch.DataLoadingException}
 *       (unless the epoch had already ended), and never hand out a batch whose arrays are freed. So
 *       the epochs left with {@code break} hold at most, each, what a running one does (W host
 *       batches, S device batches, D + 1 platform threads), and at most cap of them at once.
 * </ul>
 */
package dev.asyncdataset;
