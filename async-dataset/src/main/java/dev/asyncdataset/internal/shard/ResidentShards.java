package dev.asyncdataset.internal.shard;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The whole shards one streamed epoch holds in memory, each in a buffer of {@link ShardBuffers},
 * read by a {@link ShardLoader} from the first {@link #await} or {@link #acquire} on, in the order
 * their first samples come, with at most {@link ShardReads#ahead} more than the most shards live at
 * once held: the shuffle windows (or rounds) being read and those read ahead. A shard's buffer goes
 * back to the pool once every sample the epoch reads from it has been taken ({@link #release}), or
 * at {@link #close} once no fetch is reading it; a load that fails gives its buffer back at once
 * and fails every sample of its shard. A shard decoded as it loads ({@link
 * ShardReads.Mode#DECODED_ON_LOAD}) gives its buffer back as its load ends, and its samples get
 * {@link ShardLoader.Loaded#DECODED}; it keeps its room among the shards loaded until its last
 * sample.
 *
 * <p>This cannot deadlock when fetches wait for their shard in {@link #await} before they take a
 * fetch slot: if the loader waits for a buffer, every shard holding one was loaded earlier and
 * still has samples to give; those of the batches in flight are taken (their shards are loaded), so
 * the rest lie in batches not planned yet, after the last planned item. If a planned item waits for
 * the shard being loaded, all those shards and that one are live at that item: at most {@code L}
 * together, so at most {@code L - 1} buffers are held and one is free.
 */
public final class ResidentShards implements AutoCloseable {

    private final ShardLoader loader;
    private final int[] remaining;
    private final List<CompletableFuture<ShardLoader.Loaded>> loaded = new ArrayList<>();
    private final int[] active;
    private final boolean[] returned;
    private boolean started;
    private boolean closed;

    /**
     * @param reads how the source's shards, or pieces, are read, and how far ahead
     * @param spans where the epoch reads each shard, or piece
     */
    public ResidentShards(ShardReads reads, ShardSpans spans) {
        this.loader = new ShardLoader(reads, spans, this::finish);
        this.remaining = spans.remaining().clone();
        this.active = new int[remaining.length];
        this.returned = new boolean[remaining.length];
        for (int shard = 0; shard < remaining.length; shard++) {
            loaded.add(new CompletableFuture<>());
        }
    }

    /** Waits until {@code shard} is loaded or failed to load; starts the loads if needed. */
    public void await(int shard) throws InterruptedException {
        try {
            started(shard).get();
        } catch (ExecutionException e) {
            // acquire reports it
        }
    }

    /**
     * Returns {@code shard}'s bytes, waiting for its load; every call must be followed by one
     * {@link #release} once the sample is copied out, whatever the outcome.
     *
     * @throws ExecutionException carrying why the shard could not be loaded
     * @throws InterruptedException if interrupted while waiting for the load
     */
    public ShardLoader.Loaded acquire(int shard) throws ExecutionException, InterruptedException {
        CompletableFuture<ShardLoader.Loaded> bytes;
        synchronized (this) {
            active[shard]++;
            bytes = started(shard);
        }
        return bytes.get();
    }

    /** Counts one sample of {@code shard} as taken; its buffer goes back after its last one. */
    public synchronized void release(int shard) {
        active[shard]--;
        if (--remaining[shard] <= 0 || closed) {
            giveBackIfIdle(shard);
        }
    }

    /** Returns the bytes of the buffers this epoch holds now. */
    public long heldBytes() {
        return loader.heldBytes();
    }

    /** Returns the most bytes of buffers this epoch held at once. */
    public long peakBytes() {
        return loader.peakBytes();
    }

    /**
     * Stops the loads and gives back every buffer no fetch is reading; the others go back at their
     * last {@link #release}, a load still running when it ends. Waits, bounded, for the loads.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (int shard = 0; shard < active.length; shard++) {
                loaded.get(shard).completeExceptionally(closedFailure());
                giveBackIfIdle(shard);
            }
        }
        loader.close();
    }

    private synchronized CompletableFuture<ShardLoader.Loaded> started(int shard) {
        if (closed) {
            return CompletableFuture.failedFuture(closedFailure());
        }
        if (!started) {
            started = true;
            loader.start();
        }
        CompletableFuture<ShardLoader.Loaded> bytes = loaded.get(shard);
        if (remaining[shard] <= 0 || (returned[shard] && !bytes.isCompletedExceptionally())) {
            return CompletableFuture.failedFuture(
                    new IllegalStateException("shard " + shard + ": no sample left to read"));
        }
        return bytes;
    }

    /** Ends a load: the shard's bytes, or the failure, and then its buffer goes back at once. */
    private synchronized void finish(
            int shard, byte[] buffer, ShardLoader.Loaded bytes, Throwable failure) {
        if (failure == null && !closed) {
            loaded.get(shard).complete(bytes);
            return;
        }
        loaded.get(shard).completeExceptionally(failure != null ? failure : closedFailure());
        returned[shard] = true;
        if (buffer != null) {
            loader.giveBack(buffer);
        }
    }

    private void giveBackIfIdle(int shard) {
        CompletableFuture<ShardLoader.Loaded> bytes = loaded.get(shard);
        if (active[shard] <= 0
                && !returned[shard]
                && bytes.isDone()
                && !bytes.isCompletedExceptionally()) {
            returned[shard] = true;
            loader.giveBack(bytes.join().bytes());
        }
    }

    private static IllegalStateException closedFailure() {
        return new IllegalStateException("the epoch's shards were closed");
    }
}
