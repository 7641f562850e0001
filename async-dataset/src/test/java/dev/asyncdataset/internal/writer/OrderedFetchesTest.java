package dev.asyncdataset.internal.writer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class OrderedFetchesTest {

    private static final long[] ORDER = {4, 0, 7, 2, 9, 1, 3, 8, 6, 5};

    /** Item i is the byte i; {@link #fetch} may be overridden per test. */
    private abstract static class Items implements ItemSource<byte[]> {
        @Override
        public long size() {
            return ORDER.length;
        }

        @Override
        public Record decode(NDManager manager, long index, byte[] fetched) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String describe(long index) {
            return "item-" + index;
        }
    }

    private static OrderedFetches<byte[]> fetches(Items source, int ahead) {
        return new OrderedFetches<>(
                index -> source.fetch(null, index), source::describe, ORDER, ahead);
    }

    @Test
    void handsOutItemsInTheGivenOrderWithAtMostAheadFetchesAtOnce() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Items source =
                new Items() {
                    @Override
                    public byte[] fetch(NDManager manager, long index) {
                        most.accumulateAndGet(running.incrementAndGet(), Math::max);
                        running.decrementAndGet();
                        return new byte[] {(byte) index};
                    }
                };
        byte[] got = new byte[ORDER.length];
        try (OrderedFetches<byte[]> fetches = fetches(source, 3)) {
            for (int k = 0; k < ORDER.length; k++) {
                got[k] = fetches.next()[0];
            }
        }
        byte[] expected = new byte[ORDER.length];
        for (int k = 0; k < ORDER.length; k++) {
            expected[k] = (byte) ORDER[k];
        }
        assertArrayEquals(expected, got);
        assertTrue(most.get() <= 3, "fetches at once: " + most.get());
    }

    @Test
    void laterItemsFinishingFirstStillComeOutInOrder() throws Exception {
        CountDownLatch lastFetched = new CountDownLatch(1);
        Items source =
                new Items() {
                    @Override
                    public byte[] fetch(NDManager manager, long index) throws Exception {
                        if (index == ORDER[0]) {
                            assertTrue(lastFetched.await(30, TimeUnit.SECONDS));
                        }
                        if (index == ORDER[ORDER.length - 1]) {
                            lastFetched.countDown();
                        }
                        return new byte[] {(byte) index};
                    }
                };
        try (OrderedFetches<byte[]> fetches = fetches(source, ORDER.length)) {
            for (long index : ORDER) {
                assertEquals(index, fetches.next()[0]);
            }
        }
    }

    @Test
    void aFailedFetchNamesItsItem() throws Exception {
        Items source =
                new Items() {
                    @Override
                    public byte[] fetch(NDManager manager, long index) {
                        if (index == 7) {
                            throw new IllegalStateException("broken");
                        }
                        return new byte[] {(byte) index};
                    }
                };
        try (OrderedFetches<byte[]> fetches = fetches(source, 4)) {
            fetches.next();
            fetches.next();
            IOException e = assertThrows(IOException.class, fetches::next);
            assertTrue(e.getMessage().contains("item-7"), e.getMessage());
        }
    }

    @Test
    void closingEndsFetchesThatWouldNeverFinish() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        Items source =
                new Items() {
                    @Override
                    public byte[] fetch(NDManager manager, long index) throws Exception {
                        running.incrementAndGet();
                        started.incrementAndGet();
                        try {
                            if (index != ORDER[0]) {
                                never.await();
                            }
                            return new byte[] {(byte) index};
                        } finally {
                            running.decrementAndGet();
                        }
                    }
                };
        try (OrderedFetches<byte[]> fetches = fetches(source, ORDER.length)) {
            assertEquals(ORDER[0], fetches.next()[0]);
        }
        assertEquals(0, running.get(), "fetches still running after close");
        assertTrue(started.get() >= 1);
    }
}
