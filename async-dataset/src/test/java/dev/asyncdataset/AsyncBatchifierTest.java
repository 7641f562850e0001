package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;

class AsyncBatchifierTest extends CpuManagerTest {

    private final AsyncBatchifier batchifier = new AsyncBatchifier();

    @Test
    void stacksItemsInOrderIntoNewArrays() {
        NDList[] items = {item(1), item(2), item(3)};
        NDList batch = batchifier.batchify(items);
        assertEquals(new Shape(3, 2, 2), batch.get(0).getShape());
        assertEquals(new Shape(3), batch.get(1).getShape());
        items[0].get(0).muli(100);
        assertEquals(1f, batch.get(0).getFloat(0, 0, 0), "the batch must not alias item 0");
        assertEquals(3f, batch.get(1).getFloat(2));
    }

    @Test
    void stackingASingleItemStillCopies() {
        NDList[] items = {item(7)};
        NDList batch = batchifier.batchify(items);
        items[0].get(0).muli(0);
        assertEquals(7f, batch.get(0).getFloat(0, 1, 1));
    }

    @Test
    void mismatchedShapesNameTheItemAndArray() {
        NDList odd = new NDList(manager.ones(new Shape(3, 2)), manager.create(4f));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> batchifier.batchify(new NDList[] {item(1), item(2), odd}));
        assertTrue(e.getMessage().startsWith("item 2, array 0: (3, 2)"), e.getMessage());
    }

    @Test
    void splitsAcrossDevicesAndUnbatchifiesLikeDjl() {
        NDList batch = batchifier.batchify(new NDList[] {item(1), item(2), item(3), item(4)});
        NDList[] halves = batchifier.split(batch, 2, true);
        assertEquals(2, halves.length);
        assertEquals(new Shape(2, 2, 2), halves[1].get(0).getShape());
        assertEquals(3f, halves[1].get(1).getFloat(0));
        NDList[] items = batchifier.unbatchify(batch);
        assertEquals(4, items.length);
        assertEquals(new Shape(2, 2), items[3].get(0).getShape());
    }

    private NDList item(float value) {
        NDArray data = manager.full(new Shape(2, 2), value);
        return new NDList(data, manager.create(value));
    }
}
