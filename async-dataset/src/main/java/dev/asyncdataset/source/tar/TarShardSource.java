package dev.asyncdataset.source.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.cache.CacheOption;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * WebDataset tar shards in any store: labeled images ({@link #build}) or samples of any kind
 * ({@link #buildSamples}). Item {@code i} is the {@code i}-th sample in shard order then archive
 * order. {@code ConcurrentDataset} streams this source by default ({@link ShardedSource}): each
 * epoch reads every shard once, in its shuffled order of shards and windows, in pieces of at most
 * {@link #optPieceBytes} (runs of consecutive samples, each read with one positioned read or one
 * ranged GET), and cuts the items out of the bytes held in memory. With {@code optRandomAccess()},
 * or for a split, {@code fetch} reads an item's image with one positioned read or one ranged GET of
 * the member's byte range instead, never outside it. Each shard's samples come from its sidecar
 * index ({@code <shard>.idx}, written by {@code ShardWriter}) when it matches the shard's length,
 * otherwise from reading the tar headers once, when the source is opened. Images decode as {@code
 * FolderSource}'s do: an HWC uint8 RGB image and an int64 scalar label; a sample of any kind is
 * every member sharing a key ({@code 000123.jpg}, {@code 000123.json}: sample {@code 000123} with
 * parts {@code jpg} and {@code json}), read with one positioned read or one ranged GET of the
 * members' span.
 *
 * <p>Every request is retried within the store options' budget ({@link TarShardSource#optStore})
 * and counted in {@code stats().retries()}.
 *
 * <p><b>Integrity.</b> {@code ShardWriter}'s index records the CRC32C of each image; every read of
 * an image, by random access or cut from a streamed shard, is checked against it. By random access
 * on S3 an image that fails is a transient failure, read again within the retry budget (counted in
 * {@code stats().retries()} and {@code integrityFailures()}) and a {@link BadItemException} naming
 * the shard and the member once the budget is spent; from a folder, where a second read gives the
 * same bytes, it is at once such a bad item. An image failing its CRC in a streamed shard is read
 * again by itself, as by random access. A shard streamed whole (no longer than {@link
 * #optPieceBytes}, or read through a disk cache) is also checked against the store's checksum (MD5
 * ETag or additional checksum) as loose objects are. Images have no CRC to be checked against when
 * the index was written before the CRC was recorded (version 1) or when there is no index and the
 * samples come from the tar headers: then only the store checksum of a shard streamed whole, if
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
 * sample. A shard that cannot be read while streaming (gone, unreadable) fails each sample of the
 * pieces that could not be read with a {@link BadItemException} naming the shard, so {@code SKIP}
 * skips just those samples.
 *
 * <p>This class is the source's builder: set the location or locations, then {@link #build} labeled
 * images or {@link #buildSamples} samples.
 *
 * <pre>{@code
 * LabeledImageSource source = TarShardSource.builder()
 *         .setLocation("s3://my-bucket/shards/train-{000000..000146}.tar")
 *         .build();
 * ConcurrentDataset dataset = ConcurrentDataset.builder().setSource(source).setSampling(64, true).build();
 * }</pre>
 */
public final class TarShardSource {

    /** The default of {@link #optPieceBytes}: 8 MB, under two of G1's 4 MB heap regions. */
    public static final long DEFAULT_PIECE_BYTES = 8_000_000L;

    private ShardLocations shards;
    private long pieceBytes = DEFAULT_PIECE_BYTES;
    private StoreOptions store = StoreOptions.builder().build();
    private List<String> classes;
    private CacheOption cache;

    private TarShardSource() {}

    /**
     * Creates a builder; {@link #setLocation} or {@link #setLocations} is required.
     *
     * @return a new builder
     */
    public static TarShardSource builder() {
        return new TarShardSource();
    }

    /**
     * Sets where the shards are: a folder, an {@code s3://} prefix, or any location of {@link
     * dev.asyncdataset.store.Stores}' table ({@code https://} included) with a shard name or brace
     * pattern as its last segment.
     *
     * @param location the shards' location
     * @return this builder
     */
    public TarShardSource setLocation(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty location");
        }
        this.shards = ShardLocations.parse(location);
        return this;
    }

    /**
     * Sets the shards to {@code locations}, in order, all in one store, the classes file read from
     * beside the first.
     *
     * @param locations the shards' locations
     * @return this builder
     * @throws IllegalArgumentException if the list is empty or names shards of different stores
     */
    public TarShardSource setLocations(List<String> locations) {
        this.shards = ShardLocations.of(List.copyOf(locations));
        return this;
    }

    /**
     * Gives the class names in label order instead of those of the shards' {@code classes.txt}.
     *
     * @param names the class names
     * @return this builder
     */
    public TarShardSource optClasses(List<String> names) {
        this.classes = List.copyOf(names);
        return this;
    }

    /**
     * Reads the shards with {@code options}: attempts, retry budget, timeouts (connect, first byte,
     * read idle, request), authorization and each store's own settings. Default: {@code
     * StoreOptions.builder().build()}.
     *
     * @param options the store options
     * @return this builder
     */
    public TarShardSource optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Keeps the shards, sidecar indexes and classes file read whole from a remote store in {@code
     * dir}, at most {@code maxBytes} of them, evicting the least recently used; entries left by an
     * earlier run are reused, so a later streamed epoch (or run) reads them without a request. An
     * object is cached only once its bytes passed every check (the store's checksum, a sidecar's
     * own check, a whole shard's members against the CRC32C of its index). An entry is served
     * without asking the store whether the object changed: clear the directory when the data does.
     * A damaged entry is dropped and read again from the store. Random access reads a sample's
     * members by range, from the store, cached or not: caching a whole shard on its first ranged
     * read would multiply the bytes fetched. Local folders are not cached. Default: no cache.
     *
     * @param dir the cache directory, created if needed
     * @param maxBytes the bound on the bytes stored
     * @return this builder
     */
    public TarShardSource optCache(Path dir, long maxBytes) {
        this.cache = new CacheOption(dir, maxBytes);
        return this;
    }

    /**
     * Sets the most bytes a streamed epoch reads from a shard at once; default {@value
     * #DEFAULT_PIECE_BYTES}. A longer shard is read in pieces of about equal bytes, cut between
     * samples, one piece of each shard of a shuffle window at a time, so that what an epoch holds
     * follows the piece size, not the shards' length ({@link ShardedSource} states the bound). With
     * a disk cache ({@link #optCache}) shards are read whole, as it keeps them.
     *
     * @param pieceBytes the bytes of a piece, at least 1
     * @return this builder
     */
    public TarShardSource optPieceBytes(long pieceBytes) {
        if (pieceBytes < 1) {
            throw new IllegalArgumentException("pieceBytes < 1: " + pieceBytes);
        }
        this.pieceBytes = pieceBytes;
        return this;
    }

    /**
     * Opens the shards as an image-classification source and reads their indexes: the sidecar
     * {@code .idx} of a shard when present and written for the shard's length, else its tar headers
     * (for S3, ranged GETs of 1 MiB). A shard that cannot be indexed is left out and kept in {@code
     * damaged()}.
     *
     * @return the source
     * @throws IOException if the storage fails or a named shard does not exist
     * @throws IllegalArgumentException if no shard is found or the pattern is malformed
     * @throws IllegalStateException if no URL was set
     */
    public LabeledImageSource build() throws IOException {
        return TarImages.open(store(), classes, pieceBytes);
    }

    /**
     * Opens the shards as a source of samples of any kind, each decoded by {@code decoder}, and
     * reads their indexes: the sidecar {@code .idx} of a shard when it lists every member (version
     * 3) and was written for the shard's length, else its tar headers. A shard that cannot be
     * indexed is left out and kept in {@code damaged()}.
     *
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the storage fails or a named shard does not exist
     * @throws IllegalArgumentException if no shard is found or the pattern is malformed
     * @throws IllegalStateException if no URL was set
     */
    public ItemSource<Sample> buildSamples(SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        return TarSamples.open(store(), decoder, pieceBytes);
    }

    /** The cache, then the store: a cache that cannot be opened leaves no store to close. */
    private ShardStore store() throws IOException {
        if (shards == null) {
            throw new IllegalStateException(
                    "setLocation(\"s3://bucket/shards/\" or a folder) is required");
        }
        StoreAccess access = StoreAccess.of(store);
        DiskCache disk = cache == null ? null : cache.open();
        return StoreTable.of(shards.prefix())
                .open(access)
                .cachedIn(disk)
                .shards(shards.prefix(), shards.urls(), access);
    }
}
