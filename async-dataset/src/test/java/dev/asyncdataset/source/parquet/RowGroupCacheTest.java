package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The row groups kept for the items fetched next: one read per row group while it is kept, the
 * least recently used dropped over the bound, a failed read not kept, and an interrupted read not
 * handed to the fetches waiting for it.
 */
class RowGroupCacheTest {

    /** Row groups of 60 image bytes; records which it read, failing those told to fail. */
    private static final class Reads implements RowGroupCache.Reader<RowGroupRows> {
        final List<Integer> read = new ArrayList<>();
        final List<IOException> failures = new ArrayList<>();

        @Override
        public RowGroupRows read(int group) throws IOException {
            read.add(group);
            if (!failures.isEmpty()) {
                throw failures.remove(0);
            }
            return new RowGroupRows(
                    new ByteBuffer[] {ByteBuffer.allocate(60)}, new long[] {group}, null, 60);
        }
    }

    @Test
    void itemsOfAKeptRowGroupShareItsOneRead() throws Exception {
        Reads reads = new Reads();
        RowGroupCache<RowGroupRows> cache = new RowGroupCache<>(RowGroupRows::bytes, 1_000);
        RowGroupRows first = cache.get(3, reads);
        assertSame(first, cache.get(3, reads));
        assertEquals(List.of(3), reads.read);
        assertEquals(1, cache.hits());
        assertEquals(1, cache.misses());
    }

    @Test
    void aDroppedRowGroupIsHandedOnOnceNoFetchHoldsIt() throws Exception {
        Reads reads = new Reads();
        List<RowGroupRows> dropped = new ArrayList<>();
        RowGroupCache<RowGroupRows> cache =
                new RowGroupCache<>(RowGroupRows::bytes, 100, dropped::add);
        RowGroupRows held;
        try (RowGroupCache<RowGroupRows>.Held hold = cache.hold(0, reads)) {
            held = hold.rows();
            cache.get(1, reads);
            assertEquals(List.of(), dropped, "dropped over the bound while held");
        }
        assertEquals(List.of(held), dropped, "handed on when let go");
        RowGroupRows unheld = cache.get(1, reads);
        cache.get(2, reads);
        assertEquals(List.of(held, unheld), dropped, "handed on at once when not held");
        cache.remove(2);
        assertEquals(3, dropped.size(), "a removed row group is handed on too");
        assertEquals(List.of(0, 1, 2), reads.read);
    }

    @Test
    void leastRecentlyUsedRowGroupIsDroppedOverTheBound() throws Exception {
        Reads reads = new Reads();
        RowGroupCache<RowGroupRows> cache = new RowGroupCache<>(RowGroupRows::bytes, 150);
        cache.get(0, reads);
        cache.get(1, reads);
        cache.get(0, reads);
        cache.get(2, reads);
        cache.get(0, reads);
        cache.get(1, reads);
        assertEquals(List.of(0, 1, 2, 1), reads.read);
    }

    @Test
    void rowGroupOverTheBoundIsStillKeptWhileItIsTheLastRead() throws Exception {
        Reads reads = new Reads();
        RowGroupCache<RowGroupRows> cache = new RowGroupCache<>(RowGroupRows::bytes, 10);
        cache.get(0, reads);
        cache.get(0, reads);
        assertEquals(List.of(0), reads.read);
    }

    @Test
    void failedReadIsNotKeptAndTheNextFetchReadsTheRowGroupAgain() throws Exception {
        Reads reads = new Reads();
        reads.failures.add(new IOException("still failing after 8 attempts: HTTP 503"));
        RowGroupCache<RowGroupRows> cache = new RowGroupCache<>(RowGroupRows::bytes, 1_000);
        IOException failed = assertThrows(IOException.class, () -> cache.get(0, reads));
        assertTrue(failed.getMessage().contains("503"), failed.getMessage());
        assertEquals(0, cache.get(0, reads).labels()[0]);
        assertEquals(List.of(0, 0), reads.read);
    }

    @Test
    void interruptedReadIsReadAgainByTheNextFetch() throws Exception {
        Reads reads = new Reads();
        reads.failures.add(new InterruptedIOException("fetch cancelled"));
        RowGroupCache<RowGroupRows> cache = new RowGroupCache<>(RowGroupRows::bytes, 1_000);
        assertThrows(InterruptedIOException.class, () -> cache.get(0, reads));
        assertEquals(0, cache.get(0, reads).labels()[0]);
        assertEquals(List.of(0, 0), reads.read);
    }

    @Test
    void fetchWaitingForAnInterruptedReadReadsTheRowGroupItself() throws Exception {
        RowGroupCache<RowGroupRows> cache = new RowGroupCache<>(RowGroupRows::bytes, 1_000);
        Stopped interrupted = new Stopped();
        FutureTask<RowGroupRows> stopped = new FutureTask<>(() -> cache.get(0, interrupted));
        Thread first = Thread.ofVirtual().start(stopped);
        assertTrue(interrupted.reading.await(30, TimeUnit.SECONDS));
        Reads reads = new Reads();
        FutureTask<RowGroupRows> waiting = new FutureTask<>(() -> cache.get(0, reads));
        Thread second = Thread.ofVirtual().start(waiting);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (second.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, cache.hits());
        first.interrupt();
        assertEquals(0, waiting.get(30, TimeUnit.SECONDS).labels()[0]);
        assertEquals(List.of(0), reads.read);
        Exception failure = assertThrows(Exception.class, () -> stopped.get(30, TimeUnit.SECONDS));
        assertEquals("no rows", failure.getCause().getMessage());
        assertEquals(0, cache.get(0, reads).labels()[0]);
        assertEquals(List.of(0), reads.read);
    }

    /**
     * A read that ends as Hardwood's column readers do when the reading thread is interrupted: no
     * rows, an IOException for it, and the thread's interrupt flag set.
     */
    private static final class Stopped implements RowGroupCache.Reader<RowGroupRows> {
        final CountDownLatch reading = new CountDownLatch(1);

        @Override
        public RowGroupRows read(int group) throws IOException {
            reading.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("no rows");
        }
    }
}
