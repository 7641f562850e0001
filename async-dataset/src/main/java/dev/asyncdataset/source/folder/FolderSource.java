package dev.asyncdataset.source.folder;

import dev.asyncdataset.internal.cache.CacheOption;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Loose objects, one file or object per image or part, under a location of any store: a folder or
 * {@code file:} URL, {@code s3://}, {@code az://}, {@code hf://}, {@code http(s)://} (with a
 * manifest: an HTTP server cannot be listed) or a scheme a store provider adds. Labeled images are
 * laid out as DJL's {@code ImageFolder} ({@code <location>/<class>/<image>}) or listed by a
 * manifest; samples of any kind are grouped by key, as WebDataset names them.
 *
 * <p>Item order: a local folder without a cache lists as DJL's {@code ImageFolder} does (classes
 * sorted by name, each class's files in directory order), so item {@code i} is DJL's item {@code
 * i}; a store, or a cached folder, lists each class's objects in key order, the order S3 and Azure
 * list in. Samples are in key order everywhere. An item's {@code describe} is its path or URL, with
 * a query (a SAS token, a signature) shown as {@code ?...}, so that no secret reaches a log.
 *
 * <p>This class is the source's builder: set the location, then {@link #build} labeled images or
 * {@link #buildSamples} samples.
 *
 * <pre>{@code
 * LabeledImageSource images = FolderSource.builder()
 *         .setLocation("s3://bucket/train")
 *         .optCache(Path.of("/mnt/cache"), 50L << 30)
 *         .build();
 * }</pre>
 */
public final class FolderSource {

    private String location;
    private String manifest;
    private StoreOptions store = StoreOptions.builder().build();
    private CacheOption cache;

    private FolderSource() {}

    /**
     * Creates a builder; {@link #setLocation} is required.
     *
     * @return a new builder
     */
    public static FolderSource builder() {
        return new FolderSource();
    }

    /**
     * Sets where the images are: a folder, or a location of any scheme of the table of stores
     * ({@code s3://bucket/train}, {@code az://container/train}, {@code https://host/train/}).
     *
     * @param location the images' folder
     * @return this builder
     */
    public FolderSource setLocation(String location) {
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
    public FolderSource optManifest(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty manifest location");
        }
        this.manifest = location;
        return this;
    }

    /**
     * Reads the objects with {@code options}: attempts, retry budget, timeouts, largest object (of
     * an image, or of each part of a sample), authorization and each store's own settings. Default:
     * {@code StoreOptions.builder().build()}.
     *
     * @param options the store options
     * @return this builder
     */
    public FolderSource optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
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
    public FolderSource optCache(Path dir, long maxBytes) {
        this.cache = new CacheOption(dir, maxBytes);
        return this;
    }

    /**
     * Opens the store as a source of labeled images; the items are listed by its {@code prepare}
     * (which {@code ConcurrentDataset} calls before the first epoch).
     *
     * @return the source
     * @throws IOException if the store or the cache directory cannot be opened
     * @throws IllegalStateException if no location was set
     * @throws IllegalArgumentException if the manifest is neither local nor in the images' store
     */
    public LabeledImageSource build() throws IOException {
        return LooseSources.images(location(), manifest, store, cache());
    }

    /**
     * Opens the store as a source of samples of any kind: the objects under the location whose keys
     * share a path up to the first dot of their base name form one sample, with one part per
     * extension ({@code train/000123.jpg} and {@code train/000123.json}: sample {@code
     * train/000123} with parts {@code jpg} and {@code json}), in key order, hidden names left out,
     * each decoded by {@code decoder}; the objects are listed by the source's {@code prepare}.
     *
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the store or the cache directory cannot be opened
     * @throws IllegalStateException if no location was set, or a manifest was
     */
    public ItemSource<Sample> buildSamples(SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        if (manifest != null) {
            throw new IllegalStateException(
                    "optManifest("
                            + manifest
                            + ") lists labeled images; buildSamples lists the samples under "
                            + location()
                            + " and takes no manifest");
        }
        return LooseSources.samples(location(), store, cache(), decoder);
    }

    private String location() {
        if (location == null) {
            throw new IllegalStateException(
                    "setLocation(\"az://container/images\" or a folder) is required");
        }
        return location;
    }

    private DiskCache cache() throws IOException {
        return cache == null ? null : cache.open();
    }
}
