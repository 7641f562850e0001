package dev.asyncdataset.source.store;

import dev.asyncdataset.internal.cache.CacheOption;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.items.ListOnce;
import dev.asyncdataset.internal.loose.StoreItems;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.loose.StoreSamples;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.source.s3.S3Source;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.Stores;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Builds a {@link StoreImageSource} ({@link #build}) or a {@link StoreSampleSource} ({@link
 * #buildSamples}): {@link #setLocation} is required.
 */
public final class StoreImageSourceBuilder {

    private String location;
    private String manifest;
    private S3Options s3 = S3Source.builder().buildOptions();
    private StoreOptions store;
    private String authorization;
    private CacheOption cache;

    StoreImageSourceBuilder() {}

    /**
     * Sets where the images are: a folder, or a location of any scheme of the table of stores
     * ({@code s3://bucket/train}, {@code az://container/train}, {@code https://host/train/}).
     *
     * @param location the images' folder
     * @return this builder
     */
    public StoreImageSourceBuilder setLocation(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty location");
        }
        StoreTable.of(location);
        this.location = location;
        return this;
    }

    /**
     * Lists the items from a manifest instead of the class folders: CSV {@code key,label} or JSON
     * lines, keys relative to the location. The manifest is a local file, or an object of the
     * images' store.
     *
     * @param location the manifest's path or URL
     * @return this builder
     */
    public StoreImageSourceBuilder optManifest(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty manifest location");
        }
        this.manifest = location;
        return this;
    }

    /**
     * Reads the images with the attempts, retry budget, timeouts (connect, first byte, read idle,
     * request), largest object and authorization of {@code options}. Default: those of {@link
     * #optS3}'s options.
     *
     * @param options the store-neutral options
     * @return this builder
     */
    public StoreImageSourceBuilder optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Reads {@code s3://} images with the client options of {@code options} (endpoint, path style,
     * region, credentials, connections, checksums); its manifest and cache are not used. Default:
     * {@code S3Source.builder()}'s defaults.
     *
     * @param options the S3 options
     * @return this builder
     */
    public StoreImageSourceBuilder optS3(S3Options options) {
        this.s3 = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Sends {@code value} as the {@code Authorization} header of HTTP(S) and registered stores'
     * requests instead of the store options' one. It is never logged.
     *
     * @param value the header's value
     * @return this builder
     */
    public StoreImageSourceBuilder optAuthorization(String value) {
        if (Objects.requireNonNull(value, "value").isBlank()) {
            throw new IllegalArgumentException("blank authorization");
        }
        this.authorization = value;
        return this;
    }

    /**
     * Keeps the objects read from a remote store in {@code dir}, at most {@code maxBytes} of them,
     * evicting the least recently used; entries left by an earlier run are reused, so a later epoch
     * (or run) reads them without a request. An entry is served without asking the store whether
     * the object changed: clear the directory when the data does. A damaged entry is dropped and
     * read again from the store. Local folders are not cached. Default: no cache.
     *
     * @param dir the cache directory, created if needed
     * @param maxBytes the bound on the bytes stored
     * @return this builder
     */
    public StoreImageSourceBuilder optCache(Path dir, long maxBytes) {
        this.cache = new CacheOption(dir, maxBytes);
        return this;
    }

    /**
     * Opens the store; the items are listed by {@link StoreImageSource#prepare}.
     *
     * @return the source
     * @throws IOException if the store or the cache directory cannot be opened
     * @throws IllegalStateException if no location was set
     * @throws IllegalArgumentException if the manifest is neither local nor in the images' store
     */
    public StoreImageSource build() throws IOException {
        String images = location();
        if (manifest != null
                && !Stores.isLocal(manifest)
                && !Stores.scheme(manifest).equals(Stores.scheme(images))) {
            throw new IllegalArgumentException(
                    "the manifest must be a local file or in the store of "
                            + images
                            + ": "
                            + manifest);
        }
        StoreObjects objects = open();
        String listed = manifest;
        return new StoreImageSource(
                objects, new ListOnce<>(p -> StoreItems.list(objects, listed, p)));
    }

    /**
     * Opens the store as a source of samples of any kind, each the objects under the location that
     * share a key up to the first dot of their base name ({@link StoreSampleSource}), decoded by
     * {@code decoder}; the manifest is not used. The objects are listed by {@link
     * StoreSampleSource#prepare}.
     *
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the store or the cache directory cannot be opened
     * @throws IllegalStateException if no location was set
     */
    public StoreSampleSource buildSamples(SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        location();
        StoreObjects objects = open();
        return new StoreSampleSource(
                objects, new ListOnce<>(p -> StoreSamples.list(objects, p)), decoder);
    }

    private String location() {
        if (location == null) {
            throw new IllegalStateException(
                    "setLocation(\"az://container/images\" or a folder) is required");
        }
        return location;
    }

    /** The cache, then the store: a cache that cannot be opened leaves no store to close. */
    private StoreObjects open() throws IOException {
        DiskCache disk = cache == null ? null : cache.open();
        return StoreObjects.open(location, StoreAccess.of(s3, store, authorization), disk);
    }
}
