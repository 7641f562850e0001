package dev.asyncdataset.source.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ShardedSource;

/**
 * WebDataset tar shards in any store: labeled images ({@link TarShardSourceBuilder#build}) or
 * samples of any kind ({@link TarShardSourceBuilder#buildSamples}). Item {@code i} is the {@code
 * i}-th sample in shard order then archive order. {@code ConcurrentDataset} streams this source by
 * default ({@link ShardedSource}): each epoch reads every shard whole once, in its shuffled order
 * of shards and windows, and cuts the items out of the bytes held in memory. With {@code
 * optRandomAccess()}, or for a split, {@code fetch} reads an item's image with one positioned read
 * or one ranged GET of the member's byte range instead, never outside it. Each shard's samples come
 * from its sidecar index ({@code <shard>.idx}, written by {@link ShardWriter}) when it matches the
 * shard's length, otherwise from reading the tar headers once, when the source is opened. Images
 * decode as {@code FolderSource}'s do: an HWC uint8 RGB image and an int64 scalar label; a sample
 * of any kind is every member sharing a key ({@code 000123.jpg}, {@code 000123.json}: sample {@code
 * 000123} with parts {@code jpg} and {@code json}), read with one positioned read or one ranged GET
 * of the members' span.
 *
 * <p>Every request is retried within the store options' budget ({@link
 * TarShardSourceBuilder#optStore}) and counted in {@code stats().retries()}.
 *
 * <p><b>Integrity.</b> {@link ShardWriter}'s index records the CRC32C of each image; every read of
 * an image, by random access or cut from a streamed shard, is checked against it. By random access
 * on S3 an image that fails is a transient failure, read again within the retry budget (counted in
 * {@code stats().retries()} and {@code integrityFailures()}) and a {@link BadItemException} naming
 * the shard and the member once the budget is spent; from a folder, where a second read gives the
 * same bytes, it is at once such a bad item. An image failing its CRC in a streamed shard is read
 * again by itself, as by random access. Whole shards on S3 are also checked against the store's
 * checksum (MD5 ETag or additional checksum) as loose objects are. Images have no CRC to be checked
 * against when the index was written before the CRC was recorded (version 1) or when there is no
 * index and the samples come from the tar headers: then only a streamed shard's store checksum, if
 * any, protects them.
 *
 * <p>A shard whose structure is broken (truncated, bad header checksum, not a tar, an index that is
 * still malformed when read again: from a store, it is read again within the retry budget until two
 * reads give the same bytes) is left out when the source is opened and kept in {@code damaged()}:
 * {@code ConcurrentDataset} then fails with its {@link BadItemException} under {@code
 * BadItemPolicy.FAIL}, or goes on without its samples under {@code SKIP}, naming it once in a
 * warning. A sample that breaks the WebDataset layout (no image, no label, a duplicate key, an
 * unsafe or empty member, a link or device) stays an item whose fetch throws {@link
 * BadItemException} naming the shard and the sample, so {@code BadItemPolicy.SKIP} skips just that
 * sample. A shard that cannot be read whole while streaming (gone, unreadable) fails each of its
 * samples with a {@link BadItemException} naming the shard, so {@code SKIP} skips just that shard's
 * samples.
 *
 * <pre>{@code
 * LabeledImageSource source = TarShardSource.builder()
 *         .setLocation("s3://my-bucket/shards/train-{000000..000146}.tar")
 *         .build();
 * ConcurrentDataset dataset = ConcurrentDataset.builder().setSource(source).setSampling(64, true).build();
 * }</pre>
 */
public final class TarShardSource {

    private TarShardSource() {}

    /**
     * Creates a builder; {@link TarShardSourceBuilder#setLocation} or {@link
     * TarShardSourceBuilder#setLocations} is required.
     *
     * @return a new builder
     */
    public static TarShardSourceBuilder builder() {
        return new TarShardSourceBuilder();
    }
}
