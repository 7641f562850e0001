package dev.asyncdataset.internal;

import ai.djl.training.dataset.Batch;
import dev.asyncdataset.DataLoadingException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The hand-over between the staging thread and the trainer: at most {@code depth} batches live on
 * the device at once (ready here, or held by the trainer and not yet closed). The staging thread
 * takes a slot before it creates a batch on the device; the batch's {@code close()} gives the slot
 * back. The queue also carries the end of the epoch and failures, in order.
 *
 * <p>A trainer that keeps {@code depth} batches open and asks for another would wait forever; in
 * that case the ring lends one extra slot, paid back by the next close, so the bound is on batches
 * prepared ahead of the trainer, never a deadlock.
 */
final class StagingRing {

    private static final Object END = new Object();
    private static final long POLL_MILLIS = 100;

    private final int depth;
    private final Semaphore slots;
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger lent = new AtomicInteger();
    private final AtomicInteger readyCount;
    private final LinkedBlockingQueue<Object> ready = new LinkedBlockingQueue<>();

    StagingRing(int depth, AtomicInteger readyCount) {
        this.readyCount = readyCount;
        this.depth = depth;
        this.slots = new Semaphore(depth);
    }

    void acquireSlot(BooleanSupplier alive) throws InterruptedException {
        while (!slots.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (!alive.getAsBoolean()) {
                throw trainerClosed();
            }
        }
    }

    /** The failure of a stage that finds the manager given to {@code getData} closed. */
    static DataLoadingException trainerClosed() {
        return new DataLoadingException("the trainer's NDManager was closed", null);
    }

    /** Called once by each staged batch's close. */
    void releaseSlot() {
        held.decrementAndGet();
        if (lent.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
            slots.release();
        }
    }

    void put(Batch batch) {
        readyCount.incrementAndGet();
        ready.add(batch);
    }

    void end() {
        ready.add(END);
    }

    void fail(DataLoadingException e) {
        ready.add(e);
    }

    /**
     * Takes the next batch in order; {@code null} at the end of the epoch.
     *
     * @throws DataLoadingException if the loader failed before this batch
     */
    Batch take() throws InterruptedException {
        if (ready.isEmpty() && held.get() >= depth) {
            lent.incrementAndGet();
            slots.release();
        }
        Object next = ready.take();
        if (next == END) {
            ready.add(END);
            return null;
        }
        if (next instanceof DataLoadingException e) {
            ready.add(e);
            throw e;
        }
        held.incrementAndGet();
        readyCount.decrementAndGet();
        return (Batch) next;
    }

    /** Closes the batches that were staged but never taken, and marks the ring ended. */
    void drain() {
        Object next;
        while ((next = ready.poll()) != null) {
            if (next instanceof Batch batch) {
                batch.close();
            }
        }
        end();
    }
}
