package dev.asyncdataset.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.StackBatchifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The collator's hand-over: the staging thread closes a batch's manager as soon as the batch
 * completes, so every item array must already be closed by then, or two threads free the same
 * native memory (this crashed the JVM in torchStack before the collator closed the items first).
 */
class CollatorTest {

    @Test
    void everyItemArrayIsClosedBeforeTheBatchCompletes() {
        try (NDManager host = NDManager.newBaseManager()) {
            PendingBatch batch =
                    new PendingBatch(0, List.of(0L, 1L, 2L), host.newSubManager(), null);
            List<NDArray> items = new ArrayList<>();
            CompletableFuture<List<Boolean>> releasedAtCompletion =
                    batch.outcome()
                            .thenApply(done -> items.stream().map(NDArray::isReleased).toList());
            for (int slot = 0; slot < 3; slot++) {
                NDManager item = batch.manager.newSubManager();
                NDArray data = item.full(new ai.djl.ndarray.types.Shape(4), slot);
                NDArray label = item.create((float) slot);
                items.add(data);
                items.add(label);
                if (batch.put(slot, new Record(new NDList(data), new NDList(label)))) {
                    collator().collate(batch);
                }
            }
            assertTrue(batch.isDone());
            assertEquals(List.of(true, true, true, true, true, true), releasedAtCompletion.join());
        }
    }

    private static Collator collator() {
        Pipelines stack =
                new Pipelines(null, new StackBatchifier(), new StackBatchifier(), null, null, null);
        LoaderSpec spec =
                new LoaderSpec(null, ItemOrigins.ONE, null, stack, false, 0, null, null, null);
        return new Collator(new ItemAssembly(spec), null, null, 0);
    }
}
