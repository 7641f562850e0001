package dev.asyncdataset.internal.pipeline;

import dev.asyncdataset.internal.events.LoaderEvents;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;

/**
 * The batches between planning and staging, used by the staging thread only: keeps as many in
 * flight as {@link FetchLimit#batchesInFlight} asks (at least {@code workers}), handing each to the
 * fetch stage as it is planned, and gives them back once their outcome is known, in sampler order
 * or whichever is done first. It waits only while the trainer's manager is open.
 */
final class BatchWindow {

    private final BatchPlanner planner;
    private final FetchStage fetch;
    private final FetchLimit limit;
    private final int workers;
    private final boolean inOrder;
    private final TrainerManager trainer;
    private final StatsCounter stats;
    private final Deque<PendingBatch> inFlight = new ArrayDeque<>();
    private int batchSize = Integer.MAX_VALUE;

    /**
     * @param planner the batches to load
     * @param fetch where planned batches go
     * @param limit how many batches to keep in flight
     * @param workers the fewest batches to keep in flight
     * @param inOrder whether batches come back in sampler order, or first done first
     * @param trainer waits end when its manager is closed
     * @param stats the epoch's counters
     */
    BatchWindow(
            BatchPlanner planner,
            FetchStage fetch,
            FetchLimit limit,
            int workers,
            boolean inOrder,
            TrainerManager trainer,
            StatsCounter stats) {
        this.planner = planner;
        this.fetch = fetch;
        this.limit = limit;
        this.workers = workers;
        this.inOrder = inOrder;
        this.trainer = trainer;
        this.stats = stats;
    }

    /**
     * Returns the next batch whose outcome is known (collated, all skipped, or failed), waiting for
     * it; {@code null} once the sampler is exhausted and every batch was returned.
     */
    PendingBatch next() throws InterruptedException {
        fill();
        if (inFlight.isEmpty()) {
            return null;
        }
        trainer.await(TrainerManager.completionOf(awaited()));
        PendingBatch done = inOrder ? inFlight.poll() : firstDone();
        stats.inFlight.decrementAndGet();
        return done;
    }

    private void fill() {
        while (inFlight.size() < limit.batchesInFlight(workers, batchSize) && planner.hasNext()) {
            PendingBatch planned = planner.next();
            batchSize = planned.indices.size();
            inFlight.add(planned);
            stats.inFlight.incrementAndGet();
            LoaderEvents.BatchPlanned.emit(
                    stats.epoch, planned.seq, batchSize, stats.fetchLimit.get(), inFlight.size());
            fetch.submit(planned);
        }
    }

    /** The outcome to wait for: the oldest batch's, or any batch's. */
    private CompletableFuture<?> awaited() {
        if (inOrder) {
            return inFlight.peek().outcome();
        }
        return CompletableFuture.anyOf(
                inFlight.stream().map(PendingBatch::outcome).toArray(CompletableFuture[]::new));
    }

    private PendingBatch firstDone() {
        PendingBatch done = inFlight.stream().filter(PendingBatch::isDone).findFirst().get();
        inFlight.remove(done);
        return done;
    }
}
