package dev.asyncdataset.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ResidentShardsTest {

    private final AtomicInteger reads = new AtomicInteger();

    private byte[] read(int shard) throws IOException {
        reads.incrementAndGet();
        if (shard == 2) {
            throw new IOException("shard 2 is gone");
        }
        return new byte[100 * (shard + 1)];
    }

    @Test
    void concurrentFetchesOfOneShardLoadItOnceAndShareItsBytes() throws Exception {
        ResidentShards resident = new ResidentShards(this::read, new int[] {64, 0, 0});
        List<Future<byte[]>> fetched = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 64; i++) {
                fetched.add(threads.submit(() -> resident.acquire(0)));
            }
        }
        for (Future<byte[]> bytes : fetched) {
            assertSame(fetched.get(0).get(), bytes.get());
        }
        assertEquals(1, reads.get());
        assertEquals(100, resident.heldBytes());
    }

    @Test
    void aShardIsDroppedAfterItsLastSampleAndNeverReadAgain() throws Exception {
        ResidentShards resident = new ResidentShards(this::read, new int[] {2, 3, 0});
        resident.acquire(0);
        resident.acquire(1);
        assertEquals(300, resident.heldBytes());
        resident.release(0);
        resident.acquire(0);
        resident.release(0);
        assertEquals(200, resident.heldBytes(), "shard 0 dropped after its 2 samples");
        for (int i = 0; i < 3; i++) {
            resident.release(1);
            if (i < 2) {
                resident.acquire(1);
            }
        }
        assertEquals(0, resident.heldBytes());
        assertEquals(300, resident.peakBytes());
        assertEquals(2, reads.get());
        ExecutionException e = assertThrows(ExecutionException.class, () -> resident.acquire(0));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void aFailedLoadFailsEverySampleOfTheShardWithoutRereading() throws Exception {
        ResidentShards resident = new ResidentShards(this::read, new int[] {0, 0, 3});
        for (int i = 0; i < 3; i++) {
            ExecutionException e =
                    assertThrows(ExecutionException.class, () -> resident.acquire(2));
            assertEquals("shard 2 is gone", e.getCause().getMessage());
            resident.release(2);
        }
        assertEquals(1, reads.get());
        assertEquals(0, resident.heldBytes());
    }
}
