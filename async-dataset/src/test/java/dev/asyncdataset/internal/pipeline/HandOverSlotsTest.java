package dev.asyncdataset.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.StackBatchifier;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The hand-over slots between the staging thread and the trainer, without the loader. */
@Timeout(60)
class HandOverSlotsTest {

    private final NDManager manager = NDManager.newBaseManager();
    private final AtomicInteger ready = new AtomicInteger();

    @AfterEach
    void close() {
        manager.close();
    }

    @Test
    void aSlotIsTakenForEachStagedBatchAndGivenBackByItsClose() throws Exception {
        HandOverSlots slots = new HandOverSlots(2, ready);
        Batch first = stage(slots);
        Batch second = stage(slots);
        assertFalse(slots.tryAcquire(0), "both slots are in use");
        assertEquals(2, ready.get());
        assertSame(first, slots.take());
        assertSame(second, slots.take());
        assertEquals(0, ready.get());
        first.close();
        first.close();
        assertTrue(slots.tryAcquire(0), "the closed batch's slot, once");
        assertFalse(slots.tryAcquire(0));
    }

    @Test
    void aTrainerHoldingEverySlotIsLentOneThatItsNextCloseRepays() throws Exception {
        HandOverSlots slots = new HandOverSlots(1, ready);
        Batch held = stage(slots);
        assertSame(held, slots.take());
        Batch lent = stageOnLoan(slots);
        held.close();
        assertFalse(slots.tryAcquire(0), "the first close repays the loan");
        lent.close();
        assertTrue(slots.tryAcquire(0));
        assertFalse(slots.tryAcquire(0));
    }

    @Test
    void closingWhileASlotIsLentEndsTheHandOverAndKeepsTheBound() throws Exception {
        HandOverSlots slots = new HandOverSlots(1, ready);
        Batch held = stage(slots);
        slots.take();
        Batch lent = stageOnLoan(slots);
        slots.drain();
        assertNull(slots.take(), "the trainer sees the end");
        held.close();
        lent.close();
        assertTrue(slots.tryAcquire(0), "every slot is back");
        assertFalse(slots.tryAcquire(0), "and no more than the depth");
    }

    @Test
    void closingClosesTheBatchesNeverTaken() throws Exception {
        HandOverSlots slots = new HandOverSlots(2, ready);
        Batch taken = stage(slots);
        Batch untaken = stage(slots);
        slots.take();
        slots.drain();
        assertTrue(untaken.getData().head().isReleased());
        assertFalse(taken.getData().head().isReleased(), "the trainer's batch is the trainer's");
        assertNull(slots.take());
        taken.close();
    }

    /** The trainer holds every slot and asks for another: one is lent and a batch staged in it. */
    private Batch stageOnLoan(HandOverSlots slots) throws Exception {
        CompletableFuture<Batch> asked = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> asked.complete(takeOrNull(slots)));
        assertTrue(slots.tryAcquire(TimeUnit.SECONDS.toMillis(30)), "a slot is lent");
        Batch lent = staged(slots);
        slots.put(lent);
        assertSame(lent, asked.get(30, TimeUnit.SECONDS));
        return lent;
    }

    private static Batch takeOrNull(HandOverSlots slots) {
        try {
            return slots.take();
        } catch (InterruptedException e) {
            return null;
        }
    }

    private Batch stage(HandOverSlots slots) throws InterruptedException {
        assertTrue(slots.tryAcquire(0));
        Batch batch = staged(slots);
        slots.put(batch);
        return batch;
    }

    private Batch staged(HandOverSlots slots) {
        return new StagedBatch(
                manager.newSubManager(),
                new NDList(manager.zeros(new ai.djl.ndarray.types.Shape(1))),
                new NDList(),
                new StackBatchifier(),
                new StackBatchifier(),
                1,
                1,
                List.of(0L),
                0,
                0,
                0,
                slots::releaseSlot);
    }
}
