/**
 * The loader's pipeline; not public API. {@link dev.asyncdataset.internal.Loader#start} wires one
 * epoch, top to bottom in the order a batch goes through it (the drawing is in the {@code
 * dev.asyncdataset} package documentation), giving each stage only what it uses:
 *
 * <ul>
 *   <li>{@code BatchPlanner}: numbers the sampler's batches, each a {@code PendingBatch} (its item
 *       slots, host manager and outcome) with its own host manager.
 *   <li>{@code FetchStage}: one virtual thread per item, at most {@code FetchLimit} at once.
 *   <li>{@code DecodeStage}: the platform pool; decodes, applies the per-item pipeline, and runs
 *       the {@code Collator} of each batch whose last slot is filled ({@code ItemFailures} decides
 *       what a failed item does to its batch).
 *   <li>{@code BatchWindow}: on the staging thread, keeps batches in flight and gives them back
 *       done, in sampler order or first done.
 *   <li>{@code DeviceStager}: on the staging thread, creates a done batch on the device as a {@code
 *       StagedBatch} and hands it over through the {@code HandOverSlots}.
 * </ul>
 *
 * <p>Around them: {@code TrainerManager} (the manager given to {@code getData}; the one bounded
 * wait that ends when it closes), {@code BatchIterable} (the epoch as DJL iterates it), {@code
 * EpochLoader} and {@code CurrentEpoch} (who closes an epoch's loader, and when), {@code
 * StageThreads}, {@code StatsCounter}, {@code EpochSampler}, {@code ShardStreaming} (the order and
 * the streamed view of an epoch over a sharded source) and {@code MallocArenas}.
 */
package dev.asyncdataset.internal;
