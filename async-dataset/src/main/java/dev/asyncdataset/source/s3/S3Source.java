package dev.asyncdataset.source.s3;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.items.ListOnce;
import dev.asyncdataset.internal.loose.StoreItems;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import dev.asyncdataset.source.folder.ImageFolderSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * Images in an S3 bucket (or any S3-compatible store: MinIO, Ceph, S3Proxy), read with the AWS SDK
 * v2 through the S3 store of the table of stores, as a {@code StoreImageSource} of an {@code s3://}
 * location reads them: each GET on the fetching virtual thread through the blocking client, its
 * body read into a recycled array; the listing through the asynchronous one. Items are listed once,
 * by {@link #prepare} (which {@code ConcurrentDataset} calls before the first epoch; {@code
 * build()} does no I/O), from either
 *
 * <ul>
 *   <li>an ImageFolder layout, {@code prefix/<class>/<file>}: classes, extensions and labels as in
 *       {@link ImageFolderSource}, items in key order within a class; or
 *   <li>a manifest ({@link S3SourceBuilder#optManifest(String)}): CSV {@code key,label} or JSON
 *       lines {@code {"key": ..., "label": ...}}, keys relative to the prefix, labels integers or
 *       class names.
 * </ul>
 *
 * <p>{@link #fetch} GETs the object and checks the body against the store's checksum (see {@link
 * S3SourceBuilder#optVerifyChecksums}), retrying transient failures (5xx, SlowDown, throttling,
 * timeouts, resets, truncated bodies, checksum mismatches) with exponential backoff and full jitter
 * within a retry budget ({@link S3SourceBuilder#optRetryBudget}); a missing key, an empty object,
 * an object over {@link S3SourceBuilder#optMaxObjectBytes}, or a GET still failing when the budget
 * is spent is a {@link BadItemException} that names the key. With {@link S3SourceBuilder#optCache}
 * the bytes are kept in a bounded local LRU cache, so later epochs need no GET.
 *
 * <pre>{@code
 * S3Source source = S3Source.builder()
 *         .setUrl("s3://my-bucket/imagenet/train")
 *         .optMaxConnections(128)
 *         .optCache(Path.of("/mnt/cache"), 50L << 30)
 *         .build();
 * }</pre>
 */
public final class S3Source implements LabeledImageSource {

    private final BucketPrefix location;
    private final StoreObjects objects;
    private final ListOnce<StoreItems> items;

    S3Source(BucketPrefix location, StoreObjects objects, ListOnce<StoreItems> items) {
        this.location = location;
        this.objects = objects;
        this.items = items;
    }

    /**
     * Creates a builder; {@link S3SourceBuilder#setUrl} is required.
     *
     * @return a new builder
     */
    public static S3SourceBuilder builder() {
        return new S3SourceBuilder();
    }

    /**
     * Creates a builder with {@code options} set; {@link S3SourceBuilder#setUrl} is required.
     *
     * @param options the options, as {@link S3SourceBuilder#buildOptions()} made them
     * @return a new builder
     */
    public static S3SourceBuilder builder(S3Options options) {
        return new S3SourceBuilder(Objects.requireNonNull(options, "options").options);
    }

    /**
     * Returns the class names (the label of an item is its class's position in this list); empty
     * for a manifest with integer labels.
     *
     * @return the sorted class names
     */
    public List<String> getClasses() {
        return items.get().keys().classes();
    }

    /**
     * Returns the object key of item {@code index}.
     *
     * @param index the item index
     * @return the full key in the bucket
     */
    public String key(long index) {
        return location.prefix() + items.get().keys().key(index);
    }

    /**
     * Lists the bucket prefix (or reads the manifest), once: later calls do nothing. Each LIST page
     * is retried on its own within the retry budget.
     *
     * @param progress reports the keys listed, or {@code null}
     * @throws IOException if a page or the manifest cannot be read within the retry budget
     */
    @Override
    public void prepare(Progress progress) throws IOException {
        items.prepare(progress);
    }

    /**
     * Returns the number of items, listing them first if {@link #prepare} was not called.
     *
     * @throws UncheckedIOException if that listing fails
     */
    @Override
    public long size() {
        return items.get().keys().size();
    }

    /**
     * Reads item {@code index} from the cache or S3, a GET's body into a recycled array of the
     * library's shared pool that {@link #release} gives back. Running out of memory on one item
     * makes that item bad, not the storage: {@code BadItemPolicy.SKIP} skips it.
     */
    @Override
    public ByteBuffer fetch(NDManager manager, long index) throws Exception {
        String name = describe(index);
        long length = items.get().lengths()[Math.toIntExact(index)];
        try {
            return objects.read(name, length, name, BodyBuffers.shared());
        } catch (OutOfMemoryError e) {
            throw new BadItemException(describe(index), "out of memory reading it", e);
        }
    }

    @Override
    public long label(long index) {
        return items.get().keys().label(index);
    }

    @Override
    public Record decode(NDManager manager, long index, ByteBuffer fetched)
            throws BadItemException {
        return items.get().keys().decode(manager, index, fetched, describe(index));
    }

    /** Gives the fetched body's array back to the pool. */
    @Override
    public void release(long index, ByteBuffer fetched) {
        BodyBuffers.shared().give(fetched);
    }

    /** Returns {@code s3://bucket/key} of item {@code index}. */
    @Override
    public String describe(long index) {
        return location.url(key(index));
    }

    /**
     * Returns the GETs retried, the fetches served from the local cache and those that missed it (0
     * without a cache), and the GET bodies that failed their checksum (each then retried), over all
     * items and threads.
     */
    @Override
    public SourceStats stats() {
        return objects.stats(SourceStats::new);
    }

    /** Closes the S3 client and its connection pool. */
    @Override
    public void close() {
        objects.close();
    }
}
