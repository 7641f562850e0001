package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.events.LoaderEvents;
import java.util.function.LongUnaryOperator;

/**
 * Turns a done host batch into the {@code Batch} the trainer gets, on the staging thread: takes a
 * hand-over slot (waiting while the trainer holds them all), collates the batch if it was left for
 * this thread ({@link Collator#staged}), creates the arrays on the target device (one copy per
 * array per batch, or none when the target is the host), applies the device pipeline that the
 * epoch's {@link BatchAssembly} left to the device, and hands the batch over; at the end, hands
 * over the end of the epoch or its failure. What the staged arrays still alias on the host stays
 * alive with the batch ({@link BatchAssembly#staged}).
 */
final class DeviceStager {

    private final HandOverSlots slots;
    private final Collator collator;
    private final TrainerManager trainer;
    private final Device device;
    private final BatchAssembly assembly;
    private final Pipeline devicePipeline;
    private final Batchifier dataBatchifier;
    private final Batchifier labelBatchifier;
    private final long total;
    private final long epoch;
    private final LongUnaryOperator batchIndices;
    private long progress;

    /**
     * @param slots where staged batches go
     * @param collator collates the batches left for the staging thread
     * @param trainer the manager the batches are handed to
     * @param device the target device
     * @param assembly how the epoch's batches were assembled
     * @param dataBatchifier given to each batch, for DJL's {@code Batch.split}
     * @param labelBatchifier given to each batch, for DJL's {@code Batch.split}
     * @param consumed the items of the epoch delivered before a restart, where progress starts
     * @param total the progress total
     * @param epoch the epoch, for the batches and the events
     * @param batchIndices the index a batch reports for each of its items
     */
    DeviceStager(
            HandOverSlots slots,
            Collator collator,
            TrainerManager trainer,
            Device device,
            BatchAssembly assembly,
            Batchifier dataBatchifier,
            Batchifier labelBatchifier,
            long consumed,
            long total,
            long epoch,
            LongUnaryOperator batchIndices) {
        this.slots = slots;
        this.collator = collator;
        this.trainer = trainer;
        this.device = device;
        this.assembly = assembly;
        this.devicePipeline = assembly.devicePipeline();
        this.dataBatchifier = dataBatchifier;
        this.labelBatchifier = labelBatchifier;
        this.progress = consumed;
        this.total = total;
        this.epoch = epoch;
        this.batchIndices = batchIndices;
    }

    /**
     * Stages every batch the window gives back, then hands over the end of the epoch, or the
     * failure that ended it early.
     */
    void stageAll(BatchWindow window) {
        try {
            PendingBatch batch;
            while ((batch = window.next()) != null) {
                stage(batch);
                batch.manager.close();
            }
            slots.end();
        } catch (InterruptedException e) {
            slots.fail(new DataLoadingException("the loader was closed", e));
        } catch (DataLoadingException e) {
            slots.fail(e);
        } catch (RuntimeException | Error e) {
            slots.fail(new DataLoadingException("the staging stage failed: " + e, e));
        }
    }

    /**
     * Stages a batch whose outcome is known; a batch whose items were all skipped only counts.
     *
     * @throws DataLoadingException if the batch failed or the trainer's manager is closed
     */
    private void stage(PendingBatch batch) throws InterruptedException {
        NDList[] host = batch.result();
        progress += batch.indices.size();
        if (host != null) {
            trainer.await(slots::tryAcquire);
            NDList[] collated = collator.staged(batch, host);
            LoaderEvents.BatchStage event = new LoaderEvents.BatchStage();
            event.begin();
            StagedBatch staged = toDevice(batch, collated);
            event.end(epoch, batch.seq, device);
            slots.put(staged);
        }
    }

    /**
     * Moves a batch to the device and runs the device pipeline in the loader's own managers, and
     * only then hands the result to a sub-manager of the trainer's: the trainer may close its
     * manager at any moment (breaking out of an epoch), and arrays still being computed must not be
     * freed under this thread. A batch that fails here closes its manager: one created while the
     * trainer's manager was closing may not be among that manager's resources, and would otherwise
     * keep what {@link BatchAssembly#staged} tied to it.
     */
    private StagedBatch toDevice(PendingBatch batch, NDList[] host) {
        NDList onDevice = host[0].toDevice(device, false);
        NDList labelsOnDevice = host[1].toDevice(device, false);
        if (devicePipeline != null) {
            onDevice = devicePipeline.transform(onDevice);
        }
        NDManager manager = null;
        try {
            manager = trainer.newBatchManager(device);
            assembly.staged(batch, manager, device);
            StagedBatch staged =
                    new StagedBatch(
                            manager,
                            onDevice,
                            labelsOnDevice,
                            dataBatchifier,
                            labelBatchifier,
                            progress,
                            total,
                            batch.delivered().stream().map(batchIndices::applyAsLong).toList(),
                            epoch,
                            batch.seq,
                            batchIndices.applyAsLong(batch.lastIndex()),
                            slots::releaseSlot);
            trainer.checkOpen();
            return staged;
        } catch (RuntimeException e) {
            onDevice.close();
            labelsOnDevice.close();
            if (manager != null) {
                manager.close();
            }
            throw trainer.isOpen() ? e : TrainerManager.closedError();
        }
    }
}
