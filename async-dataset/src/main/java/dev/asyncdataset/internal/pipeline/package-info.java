/**
 * The loader's pipeline; not public API. {@link dev.asyncdataset.internal.pipeline.Loader#start}
 * wires one epoch, each stage built after the ones it hands work to (the drawing is in the {@code
 * dev.asyncdataset} package documentation), giving each stage only what it uses:
 *
 * <ul>
 *   <li>{@code BatchAssembly}: how the epoch's batches are assembled, chosen once: per item ({@code
 *       ItemAssembly}) or in recycled rows ({@code RowAssembly}). It lends each batch its buffers,
 *       decodes an item into its row or record, makes a batch's host arrays, and says which part of
 *       the device pipeline is left and what a staged batch keeps alive.
 *   <li>{@code BatchPlanner}: numbers the sampler's batches, each a {@code PendingBatch} (its item
 *       slots, host manager, lent rows and outcome) with its own host manager.
 *   <li>{@code FetchStage}: one virtual thread per item, at most {@code FetchLimit} at once.
 *   <li>{@code DecodeStage}: the platform pool; decodes each item through the assembly, and the
 *       thread that fills a batch's last slot runs its {@code Collator} (a fetch thread that fills
 *       it by skipping a bad item queues it here), or, for normalized rows, only completes the
 *       batch for the staging thread to collate; {@code ItemFailures} decides what a failed item
 *       does to its batch.
 *   <li>{@code BatchWindow}: on the staging thread, keeps batches in flight and gives them back
 *       done, in sampler order or first done.
 *   <li>{@code DeviceStager}: on the staging thread, takes a hand-over slot for a done batch,
 *       creates it on the device as a {@code StagedBatch} and hands it over through the {@code
 *       HandOverSlots}.
 * </ul>
 *
 * <p>Around them: {@code TrainerManager} (the manager given to {@code getData}; the one bounded
 * wait that ends when it closes), {@code StatsCounter} (the epoch's counters), {@code ItemOrigins}
 * (where the epoch's items come from: the one hook through which an epoch over several sources, a
 * mix's, names each item's source, numbers its batch indices and counts per source, in {@code
 * SourceCounters}, so that no stage asks what kind of source it reads), {@code HostBuffers} /
 * {@code HostRows} (the recycled host batch buffers), {@code threads.StageThreads}, {@code
 * events.LoaderEvents} (what each stage did, as JDK Flight Recorder events). {@code LoaderSpec} is
 * a loader's configuration: the source (for a streamed or mixed epoch, that epoch's own view of it)
 * and where its items come from, {@code Concurrency}, {@code Pipelines}, the seed, the device and
 * the host buffers.
 *
 * <p>Batch assembly lives here rather than in a package of its own: every assembly method works on
 * a {@code PendingBatch}, the unit every stage passes on, and is chosen from the {@code
 * LoaderSpec}.
 *
 * <h2>Who owns what</h2>
 *
 * <ul>
 *   <li>The loader's host manager (a base CPU manager of the trainer's engine, not under the
 *       trainer's) owns one sub-manager per planned batch; a batch's manager owns its items'
 *       managers, their arrays and its collated host arrays. The staging thread closes a batch's
 *       manager right after staging it; {@code Loader.close} closes the host manager after the
 *       stages' threads stopped (bounded wait), freeing what was not staged.
 *   <li>A staged batch's arrays belong to a sub-manager of the trainer's manager, created for the
 *       target device; the trainer closes it (EasyTrain, once per batch), which frees the hand-over
 *       slot.
 *   <li>Recycled path ({@code RowAssembly}): {@code HostBuffers}, one per dataset and kept across
 *       epochs, lends each planned batch a block (pixel rows and labels, direct buffers freed by
 *       the garbage collector with the pool, or when dropped because the item shape grew). The
 *       lease ({@code HostRows}) is attached to the batch's manager. Decode threads write slot i's
 *       row and label, each slot once; the collator (the thread that filled the last slot) moves
 *       the rows of skipped slots out and creates the two batch arrays over the block (aliases on
 *       the CPU). The block goes back to the pool exactly once, when nothing can read or write it:
 *       staged on a GPU, when the batch's host manager closes right after the copy; staged on the
 *       CPU, the trainer's batch aliases it, so the lease is moved to that batch's manager and the
 *       block goes back when the trainer closes the batch (or its manager); never staged (failure,
 *       break, interrupt, or the trainer's manager closed before the lease could move), when the
 *       host manager closes after the decode threads stopped. A slot of a block is therefore reused
 *       only by a later batch, after every array over it is closed. An epoch holds at most one
 *       block per batch in the {@code BatchWindow} and one per hand-over slot taken: a batch leaves
 *       the window before it waits for its slot, and the window is refilled only after that batch
 *       was staged or dropped.
 *   <li>Normalized rows: on a CPU device with {@code ImageRecipes.deviceNormalize()} as the whole
 *       device pipeline, a batch keeps its uint8 block until the staging thread holds a hand-over
 *       slot for it; only then is it collated ({@code BatchAssembly.collatesWhenStaged}): the
 *       staging thread takes a float32 (3, H, W) block of the same pool, normalizes the rows into
 *       it ({@code RowNormalizer}), moves the lease to it and gives the uint8 block back at once.
 *       From then on the float block follows the lease as a uint8 block does on the CPU: the
 *       trainer's batch aliases it and it goes back when the trainer closes the batch, before the
 *       batch's slot is freed. A float block is therefore taken only by a batch that holds a slot,
 *       so an epoch holds at most one per hand-over slot taken: the staging depth, plus one per
 *       slot lent to a trainer that keeps them all open ({@code HandOverSlots}), however many
 *       batches are done and waiting in the batch window; epochs alive at once (one the trainer
 *       broke out of closes on a thread of its own) each hold their own. The uint8 blocks are one
 *       per batch in flight or waiting for its slot. Both are allocated in the first batches and
 *       reused from then on; at batch 64 and 224 px a uint8 block is 9.6 MB, a float block 38.5 MB.
 *       On a GPU the uint8 block is copied and the device pipeline runs on the device, where
 *       PyTorch's caching allocator reuses the freed memory of earlier batches.
 *   <li>Shard buffers (shard streaming): the source ({@code TarShardSource}'s {@code ShardBuffers})
 *       owns them, all of the largest shard's length, and keeps free ones across epochs. An epoch's
 *       streamed view ({@code ResidentShards}, loading through its {@code ShardLoader}) takes one
 *       per shard load, at most one more than the shards live at once in its read order (the bound
 *       {@code ShardedSource} states), on its own loader threads; the loading thread owns the
 *       buffer until the load ends (a failed S3 body is stopped first, so no SDK thread writes into
 *       it after), then the view does while fetches copy samples out of it (each fetch's image is a
 *       copy, so decoding never reads a shard buffer). The buffer goes back to the pool exactly
 *       once: after the last sample the epoch reads from the shard was copied out, or when the
 *       epoch closes ({@code epochs.EpochLoader}, after the loader's fetch threads stopped), once
 *       no fetch is copying from it. A buffer is therefore refilled only when nothing can read its
 *       previous shard any more. Fetches wait for their shard ({@code ReadyWait.awaitReady}) before
 *       taking a fetch slot, so slots never wait on buffers.
 *   <li>Pinned host memory: DJL 0.29's PyTorch engine cannot allocate it ({@code PyTorchLibrary}
 *       has no pin_memory argument or call; {@code torchFromBlob} wraps memory it is given, and
 *       creating a GPU array from a direct buffer copies synchronously, {@code
 *       non_blocking=false}). The blocks are therefore ordinary direct buffers on every device.
 *       Using it would take page-locking the blocks ({@code cudaHostRegister} through the FFM API
 *       on libcudart) and an asynchronous copy on a stream of our own, which DJL does not expose
 *       either, so the staging thread's copy would still be synchronous.
 * </ul>
 */
package dev.asyncdataset.internal.pipeline;
