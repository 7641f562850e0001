package dev.asyncdataset.source;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The whole shards one epoch of shard streaming holds in memory. A shard is loaded once, by the
 * first fetch that needs it, while the other fetches of its samples wait for that load (single
 * flight); it stays resident until every sample the epoch reads from it has been taken, then is
 * dropped. Which shards are resident at once therefore follows from the read order: see {@link
 * ShardedSource} for the bound.
 */
final class ResidentShards {

    /** Reads one whole shard. */
    @FunctionalInterface
    interface ShardReader {
        byte[] read(int shard) throws IOException;
    }

    private final ShardReader reader;
    private final AtomicIntegerArray remaining;
    private final Map<Integer, CompletableFuture<byte[]>> loaded = new ConcurrentHashMap<>();
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    /**
     * @param reader reads a whole shard
     * @param remaining for each shard, how many of its samples the epoch will take
     */
    ResidentShards(ShardReader reader, int[] remaining) {
        this.reader = reader;
        this.remaining = new AtomicIntegerArray(remaining);
    }

    /**
     * Returns the bytes of {@code shard}, loading it if it is not resident; every call must be
     * followed by one {@link #release} once the sample is taken, whatever the outcome.
     *
     * @throws ExecutionException carrying why the shard could not be loaded
     * @throws InterruptedException if interrupted while another fetch loads it
     */
    byte[] acquire(int shard) throws ExecutionException, InterruptedException {
        CompletableFuture<byte[]> mine = new CompletableFuture<>();
        CompletableFuture<byte[]> bytes = loaded.computeIfAbsent(shard, s -> mine);
        if (bytes == mine) {
            load(shard, mine);
        }
        return bytes.get();
    }

    /** Counts one sample of {@code shard} as taken, and drops the shard after its last one. */
    void release(int shard) {
        loaded.computeIfPresent(
                shard,
                (s, bytes) -> {
                    if (remaining.decrementAndGet(s) > 0) {
                        return bytes;
                    }
                    if (bytes.isDone() && !bytes.isCompletedExceptionally()) {
                        held.addAndGet(-bytes.join().length);
                    }
                    return null;
                });
    }

    /** Returns the bytes of the shards resident now. */
    long heldBytes() {
        return held.get();
    }

    /** Returns the most bytes that were resident at once. */
    long peakBytes() {
        return peak.get();
    }

    private void load(int shard, CompletableFuture<byte[]> into) {
        if (remaining.get(shard) <= 0) {
            loaded.remove(shard);
            into.completeExceptionally(
                    new IllegalStateException("shard " + shard + ": no sample left to read"));
            return;
        }
        try {
            byte[] bytes = reader.read(shard);
            peak.accumulateAndGet(held.addAndGet(bytes.length), Math::max);
            into.complete(bytes);
        } catch (IOException | RuntimeException e) {
            into.completeExceptionally(e);
        }
    }
}
