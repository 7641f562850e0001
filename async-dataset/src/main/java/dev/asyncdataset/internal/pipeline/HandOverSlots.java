package dev.asyncdataset.internal.pipeline;

import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The hand-over between the staging thread and the trainer: a semaphore of {@code depth} slots and
 * a queue of ready batches. At most {@code depth} batches live on the device at once (ready here,
 * or held by the trainer and not yet closed): the staging thread takes a slot before it creates a
 * batch on the device, and the batch's {@code close()} gives the slot back. The queue also carries
 * the end of the epoch and failures, in order.
 *
 * <p>A trainer that keeps {@code depth} batches open and asks for another would wait forever; in
 * that case a slot is lent, paid back by the next close, so the bound is on batches prepared ahead
 * of the trainer, never a deadlock.
 */
final class HandOverSlots {

    private static final Object END = new Object();

    private final int depth;
    private final Semaphore slots;
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger lent = new AtomicInteger();
    private final AtomicInteger readyCount;
    private final LinkedBlockingQueue<Object> ready = new LinkedBlockingQueue<>();

    /**
     * @param depth the slots
     * @param readyCount where the number of ready batches is published, for the statistics
     */
    HandOverSlots(int depth, AtomicInteger readyCount) {
        this.readyCount = readyCount;
        this.depth = depth;
        this.slots = new Semaphore(depth);
    }

    /** Takes a slot if one is free within {@code millis}; for the staging thread. */
    boolean tryAcquire(long millis) throws InterruptedException {
        return slots.tryAcquire(millis, TimeUnit.MILLISECONDS);
    }

    /** Gives a slot back; called once by each staged batch's close. */
    void releaseSlot() {
        held.decrementAndGet();
        if (lent.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
            slots.release();
        }
    }

    /** Hands over a batch created in a slot taken with {@link #tryAcquire}. */
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
        StagedBatch batch = (StagedBatch) next;
        batch.handedOver();
        return batch;
    }

    /** Closes the batches that were staged but never taken, and marks the hand-over ended. */
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
