package dev.asyncdataset.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.epoch.DataLoadingException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One batch's slots and outcome, without the loader. */
class PendingBatchTest {

    @Test
    void onlyTheCallThatFillsTheLastSlotSaysSoAndTheRecordsKeepSamplerOrder() {
        PendingBatch batch = batch(10L, 11L, 12L);
        Record first = new Record(new NDList(), new NDList());
        Record last = new Record(new NDList(), new NDList());
        assertFalse(batch.put(2, last));
        assertFalse(batch.skip(1), "one slot is still empty");
        assertTrue(batch.put(0, first));
        assertEquals(List.of(first, last), Arrays.asList(batch.records()));
        assertEquals(List.of(10L, 12L), batch.delivered());
        assertEquals(10L, batch.lastIndex(), "slot 0 was filled last");
    }

    @Test
    void aRowWrittenInPlaceFillsItsSlotWithoutARecord() {
        PendingBatch batch = batch(4L, 5L);
        assertFalse(batch.put(1, null));
        assertTrue(batch.skip(0));
        assertEquals(0, batch.records().length);
        assertEquals(List.of(5L), batch.delivered());
    }

    @Test
    void theOutcomeIsTheCollatedArraysOrNullWhenEveryItemWasSkipped() {
        PendingBatch batch = batch(1L);
        NDList data = new NDList();
        NDList labels = new NDList();
        assertFalse(batch.isDone());
        batch.collated(new NDList[] {data, labels});
        assertTrue(batch.isDone());
        assertSame(data, batch.result()[0]);
        assertSame(labels, batch.result()[1]);
        PendingBatch skipped = batch(2L);
        skipped.collated(null);
        assertNull(skipped.result());
    }

    @Test
    void aFailedBatchThrowsItsFailureFromResult() {
        PendingBatch batch = batch(1L, 2L);
        DataLoadingException failure = new DataLoadingException("bad", null);
        batch.fail(failure);
        assertTrue(batch.isDone());
        assertSame(failure, assertThrows(DataLoadingException.class, batch::result));
    }

    private PendingBatch batch(Long... indices) {
        return new PendingBatch(0, List.of(indices), null, null);
    }
}
