package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.Poll;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ResidentShardsTest {

    private static final int SHARDS = 12;
    private final AtomicInteger reads = new AtomicInteger();
    private final ShardBuffers pool = new ShardBuffers(length(SHARDS - 1));

    /** Shard s holds {@code length(s)} bytes of value s + 1; shard 2 is gone. */
    private int read(int shard, byte[] into) throws IOException {
        reads.incrementAndGet();
        if (shard == 2) {
            throw new IOException("shard 2 is gone");
        }
        Arrays.fill(into, 0, length(shard), (byte) (shard + 1));
        return length(shard);
    }

    private static int length(int shard) {
        return 100 + 10 * shard;
    }

    /** The epoch reads one item per entry, of that shard, in this order. */
    private ResidentShards resident(int... shardOfItem) {
        long[] items = items(shardOfItem);
        ShardSpans spans = ShardSpans.of(items, items.length, i -> shardOfItem[(int) i], SHARDS);
        return new ResidentShards(
                new ShardReads("shard", item -> 0, 0, this::read, pool, ShardReads.Mode.ONE_AHEAD),
                spans);
    }

    @Test
    void concurrentFetchesOfOneShardLoadItOnceAndShareItsBuffer() throws Exception {
        int[] order = new int[64];
        ResidentShards resident = resident(order);
        List<Future<ShardLoader.Loaded>> fetched = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 64; i++) {
                fetched.add(threads.submit(() -> resident.acquire(0)));
            }
        }
        for (Future<ShardLoader.Loaded> loaded : fetched) {
            assertSame(fetched.get(0).get().bytes(), loaded.get().bytes());
            assertEquals(length(0), loaded.get().length());
        }
        assertEquals(1, reads.get());
        assertEquals(pool.bufferBytes(), resident.heldBytes(), "one whole buffer");
        for (int i = 0; i < 64; i++) {
            resident.release(0);
        }
        assertEquals(0, resident.heldBytes());
        assertEquals(1, pool.freeBuffers());
    }

    @Test
    void aShardsBufferGoesBackAfterItsLastSampleAndServesALaterShard() throws Exception {
        ResidentShards resident = resident(0, 0, 1, 1, 3, 3);
        ShardLoader.Loaded zero = resident.acquire(0);
        ShardLoader.Loaded one = resident.acquire(1);
        assertNotSame(zero.bytes(), one.bytes());
        resident.release(0);
        resident.acquire(0);
        resident.release(0);
        ShardLoader.Loaded three = resident.acquire(3);
        assertSame(zero.bytes(), three.bytes(), "shard 3 reuses shard 0's buffer");
        assertEquals(4, three.bytes()[length(3) - 1]);
        assertEquals(2L * pool.bufferBytes(), resident.peakBytes(), "two at once: 2 x 1 live");
        ExecutionException e = assertThrows(ExecutionException.class, () -> resident.acquire(0));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        resident.release(0);
        resident.close();
    }

    @Test
    void aFailedLoadFailsEverySampleOfTheShardWithoutRereadingAndFreesItsBuffer() throws Exception {
        ResidentShards resident = resident(2, 2, 2);
        for (int i = 0; i < 3; i++) {
            ExecutionException e =
                    assertThrows(ExecutionException.class, () -> resident.acquire(2));
            assertEquals("shard 2 is gone", e.getCause().getMessage());
            resident.release(2);
        }
        assertEquals(1, reads.get());
        assertEquals(0, resident.heldBytes());
        resident.close();
    }

    @Test
    void closingGivesBackIdleBuffersAndABufferInUseOnlyAtItsRelease() throws Exception {
        ResidentShards resident = resident(0, 0, 1, 1);
        resident.acquire(0);
        resident.acquire(1);
        resident.release(1);
        resident.close();
        assertEquals(1, pool.freeBuffers(), "shard 1's buffer, idle");
        assertEquals(pool.bufferBytes(), resident.heldBytes(), "shard 0 is still being read");
        resident.release(0);
        assertEquals(2, pool.freeBuffers());
        assertEquals(0, resident.heldBytes());
        ExecutionException e = assertThrows(ExecutionException.class, () -> resident.acquire(0));
        assertEquals("the epoch's shards were closed", e.getCause().getMessage());
    }

    @Test
    void allItemsFetchedAtOnceNeverHoldMoreThanTwiceTheLiveShardsAndReadTheirOwnBytes()
            throws Exception {
        int[] order = windowOrder(new Random(7));
        ResidentShards resident = resident(order);
        List<Future<Boolean>> fetched = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int shard : order) {
                fetched.add(threads.submit(() -> fetchIsIntact(resident, shard)));
            }
        }
        for (Future<Boolean> intact : fetched) {
            assertTrue(intact.get(), "an item saw another shard's bytes");
        }
        long peak = resident.peakBytes();
        assertTrue(peak <= 2L * 3 * pool.bufferBytes(), peak + " bytes, windows of 3 shards");
        assertEquals(0, resident.heldBytes());
        assertTrue(pool.freeBuffers() <= 6, pool.freeBuffers() + " free buffers kept");
        resident.close();
    }

    @Test
    void shardsDecodedAsTheyLoadHoldNoBufferOnceLoadedAndTakeAtMostTwoAtOnce() throws Exception {
        Random random = new Random(11);
        for (int round = 0; round < 10; round++) {
            int[] order = windowOrder(random);
            Semaphore gate = new Semaphore(0);
            AtomicInteger waiting = new AtomicInteger();
            ShardLoader.ShardReader gated =
                    (shard, into) -> {
                        waiting.incrementAndGet();
                        gate.acquireUninterruptibly();
                        waiting.decrementAndGet();
                        return read(shard, into);
                    };
            ShardSpans spans =
                    ShardSpans.of(items(order), order.length, i -> order[(int) i], SHARDS);
            ResidentShards resident =
                    new ResidentShards(
                            new ShardReads(
                                    "row group",
                                    item -> 0,
                                    0,
                                    gated,
                                    pool,
                                    ShardReads.Mode.DECODED_ON_LOAD),
                            spans);
            List<ShardLoader.Loaded> loaded = new ArrayList<>();
            Thread fetches = Thread.ofVirtual().start(() -> fetchInOrder(resident, order, loaded));
            while (fetches.isAlive()) {
                Poll.until("a load or the end", () -> waiting.get() > 0 || !fetches.isAlive());
                gate.release();
            }
            assertEquals(order.length - 5, loaded.size(), "every sample but shard 2's");
            loaded.forEach(l -> assertSame(ShardLoader.Loaded.DECODED, l, "no bytes kept"));
            assertEquals(0, resident.heldBytes());
            long peak = resident.peakBytes();
            assertTrue(peak <= ShardReads.DECODING_LOADS * (long) pool.bufferBytes(), peak + "");
            resident.close();
        }
        assertTrue(pool.peakTaken() <= ShardReads.DECODING_LOADS, pool.peakTaken() + " taken");
    }

    /** Fetches one sample per entry of {@code order}, one after the other, as a fetch does. */
    private static void fetchInOrder(
            ResidentShards resident, int[] order, List<ShardLoader.Loaded> loaded) {
        for (int shard : order) {
            try {
                resident.await(shard);
                loaded.add(resident.acquire(shard));
            } catch (ExecutionException e) {
                assertEquals(2, shard, "only shard 2 fails");
            } catch (InterruptedException e) {
                return;
            } finally {
                resident.release(shard);
            }
        }
    }

    private static long[] items(int[] order) {
        long[] items = new long[order.length];
        Arrays.setAll(items, i -> i);
        return items;
    }

    /** Waits for the shard outside any slot, then copies the sample out as a fetch does. */
    private static boolean fetchIsIntact(ResidentShards resident, int shard) throws Exception {
        resident.await(shard);
        try {
            ShardLoader.Loaded loaded = resident.acquire(shard);
            byte[] copy = Arrays.copyOf(loaded.bytes(), loaded.length());
            for (byte b : copy) {
                if (b != shard + 1) {
                    return false;
                }
            }
            return loaded.length() == length(shard);
        } catch (ExecutionException e) {
            return shard == 2;
        } finally {
            resident.release(shard);
        }
    }

    /** Five samples of each shard, in windows of three shards, shuffled within each window. */
    private static int[] windowOrder(Random random) {
        List<Integer> order = new ArrayList<>();
        for (int window = 0; window < SHARDS; window += 3) {
            List<Integer> samples = new ArrayList<>();
            for (int shard = window; shard < window + 3; shard++) {
                samples.addAll(List.of(shard, shard, shard, shard, shard));
            }
            java.util.Collections.shuffle(samples, random);
            order.addAll(samples);
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }
}
