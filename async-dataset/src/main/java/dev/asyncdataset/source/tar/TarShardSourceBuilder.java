package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.cache.CacheOption;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link TarShardSource}: labeled images ({@link #build}) or samples of any kind ({@link
 * #buildSamples}); {@code setLocation} or {@code setLocations} is required. The location is a
 * folder or an {@code s3://bucket/prefix/} (every {@code .tar} directly in it, in name order), or
 * any location of {@link dev.asyncdataset.store.Stores}' table (a folder, {@code s3://}, {@code
 * http(s)://}, a registered scheme) followed by a shard name or a WebDataset brace pattern ({@code
 * s3://bucket/shards/train-{000000..000146}.tar}, {@code /data/shards/train-{0..9}.tar}, {@code
 * https://host/resolve/main/train-{0000..0146}.tar}): those shards, in pattern order, each of which
 * must exist. An HTTP server cannot be listed, so HTTP(S) shards are always named.
 */
public final class TarShardSourceBuilder {

    private ShardLocations shards;
    private StoreOptions store = StoreOptions.builder().build();
    private List<String> classes;
    private CacheOption cache;

    TarShardSourceBuilder() {}

    /**
     * Sets where the shards are: a folder, an {@code s3://} prefix, or any location of {@link
     * dev.asyncdataset.store.Stores}' table ({@code https://} included) with a shard name or brace
     * pattern as its last segment.
     *
     * @param location the shards' location
     * @return this builder
     */
    public TarShardSourceBuilder setLocation(String location) {
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
    public TarShardSourceBuilder setLocations(List<String> locations) {
        this.shards = ShardLocations.of(List.copyOf(locations));
        return this;
    }

    /**
     * Gives the class names in label order instead of those of the shards' {@code classes.txt}.
     *
     * @param names the class names
     * @return this builder
     */
    public TarShardSourceBuilder optClasses(List<String> names) {
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
    public TarShardSourceBuilder optStore(StoreOptions options) {
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
    public TarShardSourceBuilder optCache(Path dir, long maxBytes) {
        this.cache = new CacheOption(dir, maxBytes);
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
        return TarImages.open(store(), classes);
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
        return TarSamples.open(store(), decoder);
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
