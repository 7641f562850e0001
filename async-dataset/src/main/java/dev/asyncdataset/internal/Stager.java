package dev.asyncdataset.internal;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import dev.asyncdataset.DataLoadingException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * The staging stage, on its own platform thread: keeps up to {@code workers} batches in flight
 * (more under AUTO fetch concurrency, as {@link FetchLimit} asks), takes them back in sampler
 * order, and creates each on the target device inside a manager of that device (one copy per array
 * per batch, or none when the target is the host), ahead of the trainer, at most {@code
 * stagingDepth} at a time. When it stops, for whatever reason, it stops the fetch and decode stages
 * too.
 */
final class Stager implements Runnable {

    private static final long POLL_MILLIS = 100;

    private final LoaderSpec spec;
    private final BatchPlanner planner;
    private final FetchStage fetch;
    private final DecodeStage decode;
    private final StagingRing ring;
    private final NDManager trainer;
    private final Device device;
    private final long total;
    private final BooleanSupplier alive;
    private final StatsCounter stats;
    private final FetchLimit limit;
    private long progress;
    private int batchSize = Integer.MAX_VALUE;

    Stager(
            LoaderSpec spec,
            BatchPlanner planner,
            FetchLimit limit,
            FetchStage fetch,
            DecodeStage decode,
            StagingRing ring,
            NDManager trainer,
            long consumed,
            long total,
            StatsCounter stats) {
        this.stats = stats;
        this.limit = limit;
        this.spec = spec;
        this.planner = planner;
        this.fetch = fetch;
        this.decode = decode;
        this.ring = ring;
        this.trainer = trainer;
        this.device = spec.device() != null ? spec.device() : trainer.getDevice();
        this.progress = consumed;
        this.total = total;
        this.alive = trainer::isOpen;
    }

    @Override
    public void run() {
        try {
            stageAll();
            ring.end();
        } catch (InterruptedException e) {
            ring.fail(new DataLoadingException("the loader was closed", e));
        } catch (DataLoadingException e) {
            ring.fail(e);
        } catch (RuntimeException | Error e) {
            ring.fail(new DataLoadingException("the staging stage failed: " + e, e));
        } finally {
            fetch.stop();
            decode.stop();
        }
    }

    private void stageAll() throws InterruptedException {
        Deque<PendingBatch> inFlight = new ArrayDeque<>();
        while (true) {
            while (inFlight.size() < limit.batchesInFlight(spec.workers(), batchSize)
                    && planner.hasNext()) {
                PendingBatch planned = planner.next();
                batchSize = planned.indices.size();
                inFlight.add(planned);
                stats.inFlight.incrementAndGet();
                fetch.submit(planned);
            }
            PendingBatch oldest = spec.inOrder() ? inFlight.poll() : firstDone(inFlight);
            if (oldest == null) {
                return;
            }
            NDList[] host = oldest.await(alive);
            stats.inFlight.decrementAndGet();
            progress += oldest.indices.size();
            if (host != null) {
                ring.acquireSlot(alive);
                ring.put(toDevice(oldest, host[0], host[1]));
            }
            oldest.manager.close();
        }
    }

    /** Removes and returns a batch whose outcome is known, waiting for one if none is yet. */
    private PendingBatch firstDone(Deque<PendingBatch> inFlight) throws InterruptedException {
        if (inFlight.isEmpty()) {
            return null;
        }
        CompletableFuture<?> any =
                CompletableFuture.anyOf(
                        inFlight.stream()
                                .map(PendingBatch::outcome)
                                .toArray(CompletableFuture[]::new));
        while (!any.isDone()) {
            if (!alive.getAsBoolean()) {
                throw StagingRing.trainerClosed();
            }
            try {
                any.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // a failure is an outcome too, and a timeout only re-checks liveness
            }
        }
        PendingBatch done = inFlight.stream().filter(PendingBatch::isDone).findFirst().get();
        inFlight.remove(done);
        return done;
    }

    /**
     * Moves a batch to the device and runs the device pipeline in the loader's own managers, and
     * only then hands the result to a sub-manager of the trainer's: the trainer may close its
     * manager at any moment (breaking out of an epoch), and arrays still being computed must not be
     * freed under this thread.
     */
    private StagedBatch toDevice(PendingBatch batch, NDList data, NDList labels) {
        NDList onDevice = data.toDevice(device, false);
        NDList labelsOnDevice = labels.toDevice(device, false);
        if (spec.devicePipeline() != null) {
            onDevice = spec.devicePipeline().transform(onDevice);
        }
        StagedBatch staged;
        try {
            staged =
                    new StagedBatch(
                            trainer.newSubManager(device),
                            onDevice,
                            labelsOnDevice,
                            spec.dataBatchifier(),
                            spec.labelBatchifier(),
                            progress,
                            total,
                            batch.delivered(),
                            ring::releaseSlot);
        } catch (IllegalStateException e) {
            staged = null;
        }
        if (staged == null || !trainer.isOpen()) {
            onDevice.close();
            labelsOnDevice.close();
            throw StagingRing.trainerClosed();
        }
        return staged;
    }
}
