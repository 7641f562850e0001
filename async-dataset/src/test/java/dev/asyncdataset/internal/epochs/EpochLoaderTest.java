package dev.asyncdataset.internal.epochs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.ItemSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** Closing one epoch's loader from several threads. */
class EpochLoaderTest {

    @Test
    void aCloseWhileAnotherClosesReturnsOnlyOnceTheEpochsMemoryIsFreed() throws Exception {
        CountDownLatch freeing = new CountDownLatch(1);
        CountDownLatch freed = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        ItemSource<Object> epochSource =
                new ItemSource<>() {
                    @Override
                    public long size() {
                        return 0;
                    }

                    @Override
                    public Object fetch(NDManager manager, long index) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public Record decode(NDManager manager, long index, Object fetched) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public void close() {
                        freeing.countDown();
                        try {
                            assertTrue(freed.await(60, TimeUnit.SECONDS));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        order.add("freed");
                    }
                };
        try (NDManager trainer = NDManager.newBaseManager()) {
            EpochLoader epoch = new EpochLoader(() -> null, epochSource, trainer);
            Thread first = Thread.ofPlatform().start(epoch::close);
            assertTrue(freeing.await(60, TimeUnit.SECONDS));
            Thread second =
                    Thread.ofPlatform()
                            .start(
                                    () -> {
                                        epoch.close();
                                        order.add("second close returned");
                                    });
            awaitBlocked(second);
            assertEquals(List.of(), order, "the second close waits for the first");
            freed.countDown();
            first.join(60_000);
            second.join(60_000);
            assertEquals(List.of("freed", "second close returned"), order);
        }
    }

    /** Waits, bounded, until {@code thread} blocks on a monitor. */
    private static void awaitBlocked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (thread.getState() != Thread.State.BLOCKED) {
            assertTrue(System.nanoTime() < deadline, "still " + thread.getState());
            LockSupport.parkNanos(100_000);
        }
    }
}
