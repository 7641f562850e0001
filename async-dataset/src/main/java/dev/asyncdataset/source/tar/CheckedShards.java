package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.shard.ShardStore;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Whole shards read for a streamed epoch, remembering which reads had every member checked against
 * its CRC32C already: a store with a disk cache tests a shard read from the store before keeping
 * it, and the items then cut from those same bytes need no second check. Each read forgets what the
 * shard's earlier reads passed, so a mark holds only for the array of the read that set it.
 */
final class CheckedShards {

    /** The check of every member of a shard in its whole bytes. */
    @FunctionalInterface
    interface ShardCheck {
        void verify(int shard, byte[] bytes) throws IntegrityException;
    }

    private final ShardStore store;
    private final ShardCheck check;
    private final AtomicReferenceArray<byte[]> passed;

    CheckedShards(ShardStore store, int shards, ShardCheck check) {
        this.store = store;
        this.check = check;
        this.passed = new AtomicReferenceArray<>(shards);
    }

    /**
     * Reads {@code shard} whole into {@code into}; the cache, if any, keeps it only if every member
     * passes, and then {@link #passed} holds for {@code into}.
     */
    int read(int shard, byte[] into) throws IOException {
        passed.set(shard, null);
        return store.readShard(
                shard,
                into,
                bytes -> {
                    check.verify(shard, bytes);
                    passed.set(shard, bytes);
                });
    }

    /** Whether {@code bytes} hold {@code shard} as a read whose members all passed left them. */
    boolean passed(int shard, byte[] bytes) {
        return passed.get(shard) == bytes;
    }
}
