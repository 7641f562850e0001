/**
 * async-dataset: a drop-in DJL {@code Dataset} that keeps training from waiting for data.
 *
 * <p>{@link dev.asyncdataset.ConcurrentDataset} replaces {@code ArrayDataset} (or wraps any {@code
 * RandomAccessDataset}, or reads an {@link dev.asyncdataset.source.ItemSource} such as a folder or
 * an S3 prefix). Each call to {@code getData} is one epoch that runs this pipeline:
 *
 * <pre>
 *  sampler ──> BatchPlanner ──> FetchStage ───────────> DecodeStage ──────> Collator ──────> Stager ─────> StagingRing ──> trainer
 *  (DJL        (W batches in    (one virtual thread      (D platform        (AsyncBatch-     (1 platform   (S slots on     (EasyTrain,
 *   Sampler)    flight, each     per item, at most F      threads; decode,   ifier: one       thread; in    the device)     unmodified)
 *               with its own     at once; waits on        per-item pipeline  host array per   order; copy
 *               host manager)    storage)                 with ItemRandom)   field)           to device)
 * </pre>
 *
 * <p>W = {@code optWorkers}, F = the fetch limit, D = {@code optDecodeThreads}, S = {@code
 * optStagingDepth}. F is {@code optFetchers}, or by default AUTO: Little's law on the observed
 * fetch latency and decode rate, between 16 and {@code optAutoFetchers} (256), with W raised to
 * enough batches to feed it ({@code internal.FetchLimit}). Memory is bounded by W host batches
 * (under AUTO, 256 items plus one batch) plus S device batches, whatever the dataset size or the
 * number of epochs.
 *
 * <h2>Threads</h2>
 *
 * <ul>
 *   <li>{@code async-dataset-fetch-N}: virtual, one per item; only {@code ItemSource.fetch} (I/O)
 *       runs there.
 *   <li>{@code async-dataset-decode-N}: D platform threads; {@code ItemSource.decode}, the per-item
 *       pipeline, and stacking of the batch whose last item they finished. JNI work runs here,
 *       never on virtual threads (it would pin their carriers).
 *   <li>{@code async-dataset-stager-0}: plans batches, waits for them in sampler order, creates
 *       them on the device and applies the device pipeline.
 *   <li>The trainer's thread only takes ready batches out of the ring ({@code hasNext}/{@code
 *       next}); time spent there is the data-wait time in {@link dev.asyncdataset.LoaderStats}.
 * </ul>
 *
 * <h2>Thread safety and ownership</h2>
 *
 * <ul>
 *   <li>Each item's arrays are created in its own sub-manager of its batch's host manager, by one
 *       fetch thread and then one decode thread (handed over through the executor's queue); its
 *       final arrays move to the batch manager, and the item manager (with every intermediate
 *       array) is closed at once.
 *   <li>A batch's host manager is written by the decode threads (each to its own slot) and closed
 *       by the stager after staging. Every host manager lives under one per-epoch host manager of
 *       the loader's own, closed when the epoch ends, after the fetch and decode threads have
 *       stopped. It is deliberately not under the trainer's manager: closing that one at any moment
 *       must not free arrays a decode thread is still stacking.
 *   <li>A delivered {@code Batch} owns a manager on the target device under the trainer's manager.
 *       The trainer owns it from {@code next()} on and closes it (EasyTrain does); its {@code
 *       close()} frees the device arrays and releases its staging slot, which the stager reuses for
 *       the next batch. Batches staged but never taken are closed by the loader.
 *   <li>The epoch ends, and all its threads stop and all its host arrays are freed, when the
 *       sampler is exhausted, an error is thrown to the trainer, the trainer's thread is
 *       interrupted while waiting, the iterator is closed ({@code AutoCloseable}), the trainer's
 *       manager is closed, or the iterator becomes unreachable (a loop left with {@code break}).
 * </ul>
 */
package dev.asyncdataset;
