package dev.asyncdataset.source.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.SourceStats;
import java.util.List;
import java.util.Optional;
import java.util.function.LongToIntFunction;

/**
 * What the tar shard sources (images and samples of {@link TarShardSource}) share: their shards and
 * the answers that come straight from them.
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
abstract class TarSource<T> implements ShardedSource<T>, StreamableShards<T> {

    /** The shards' samples and the reads of their members. */
    final TarShards shards;

    TarSource(TarShards shards) {
        this.shards = shards;
    }

    /**
     * Returns the number of shards, damaged ones included.
     *
     * @return the shard count
     */
    public int shardCount() {
        return shards.shardCount();
    }

    /**
     * Returns how {@code ShardWriter} re-encoded the images of shard {@code shard} (its builder's
     * {@code optMaxSide}), as the shard's index records it.
     *
     * @param shard the shard, from 0 to {@link #shardCount()} - 1
     * @return the maximum side and JPEG quality, or empty if the images are stored as they came (or
     *     the shard is read without an index, which does not record it)
     * @throws IndexOutOfBoundsException if there is no such shard
     */
    public Optional<ImageResize> resized(int shard) {
        return Optional.ofNullable(shards.resized(shard));
    }

    @Override
    public long size() {
        return shards.samples().size();
    }

    @Override
    public long[] shardSizes() {
        return shards.shardSizes();
    }

    /** Returns the rank of each item's piece within its shard (see {@link TarShardSource}). */
    @Override
    public LongToIntFunction pieceRank() {
        return shards::pieceRank;
    }

    /** Returns the shard and the sample key of item {@code index}. */
    @Override
    public String describe(long index) {
        return shards.sample(index).describe();
    }

    /**
     * Returns the shards left out because they could not be indexed (not a tar, truncated, a bad
     * header checksum), each as the {@link BadItemException} naming it.
     */
    @Override
    public List<BadItemException> damaged() {
        return shards.damaged();
    }

    /**
     * Returns how many reads of the shards were retried so far (0 for local files), and how many
     * bodies failed their checksum (each then read again): whole shards against the store's,
     * members against the CRC32C of the index.
     */
    @Override
    public SourceStats stats() {
        return shards.stats();
    }

    /** Closes the shard files or the S3 client. */
    @Override
    public void close() {
        shards.close();
    }
}
