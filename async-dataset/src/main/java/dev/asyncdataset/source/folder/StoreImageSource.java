package dev.asyncdataset.source.folder;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.items.ListOnce;
import dev.asyncdataset.internal.loose.StoreItems;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import dev.asyncdataset.store.Stores;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Labeled images stored as loose objects under a location of any store of the table: a folder or
 * {@code file:} URL, {@code s3://}, {@code az://}, or, with a manifest, {@code http(s)://} (an HTTP
 * server cannot be listed), {@code hf://} or a registered scheme whose store does not implement
 * {@code ObjectStore.listAll}. Items are listed once, by {@link #prepare} (which {@code
 * ConcurrentDataset} calls before the first epoch; {@code build()} does no I/O), from either
 *
 * <ul>
 *   <li>an ImageFolder layout, {@code <location>/<class>/<file>}: classes (the visible sub-folders,
 *       sorted), extensions (jpg, jpeg, png, bmp, wbmp, gif in any case, hidden files skipped) and
 *       labels (the position of the class) as DJL's {@code ImageFolder}, items in key order within
 *       a class; or
 *   <li>a manifest ({@code FolderSource.optManifest}): CSV {@code key,label} or JSON lines {@code
 *       {"key": ..., "label": ...}}, keys relative to the location, labels integers or class names.
 * </ul>
 *
 * <p>{@link #fetch} reads the whole object into a recycled array, with the store options' retry
 * budget, phase timeouts and largest object, resumed after a failure midway and checked against the
 * store's checksum where the store gives one; local files are read once. An empty, missing, refused
 * or too large object, or one still failing when the budget is spent, is a {@link BadItemException}
 * naming its location.
 */
final class StoreImageSource implements LabeledImageSource {

    private final StoreObjects objects;
    private final ListOnce<StoreItems> items;

    /**
     * The images of {@code objects}, listed from its location, or from {@code manifest} (a local
     * file or an object of the same store) if not null, when first asked.
     */
    public StoreImageSource(StoreObjects objects, String manifest) {
        this(objects, new ListOnce<>(p -> StoreItems.list(objects, manifest, p)));
    }

    /**
     * Checks that {@code manifest}, if not null, is a local file or in the store of {@code images}.
     *
     * @throws IllegalArgumentException if it is neither
     */
    public static void checkManifest(String images, String manifest) {
        if (manifest != null
                && !Locations.isLocal(manifest)
                && !Stores.scheme(manifest).equals(Stores.scheme(images))) {
            throw new IllegalArgumentException(
                    "the manifest must be a local file or in the store of "
                            + images
                            + ": "
                            + manifest);
        }
    }

    private StoreImageSource(StoreObjects objects, ListOnce<StoreItems> items) {
        this.objects = objects;
        this.items = items;
    }

    /**
     * Returns the class names (the label of an item is its class's position in this list); empty
     * for a manifest with integer labels.
     *
     * @return the sorted class names
     */
    @Override
    public List<String> getClasses() {
        return items.get().keys().classes();
    }

    /**
     * Lists the location (or reads the manifest), once: later calls do nothing. The listing is
     * retried within the retry budget.
     *
     * @param progress reports the listing, or {@code null}
     * @throws IOException if the listing or the manifest cannot be read within the retry budget
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
     * Reads item {@code index} whole into a recycled array of the library's shared pool that {@link
     * #release} gives back. Running out of memory on one item makes that item bad.
     */
    @Override
    public ByteBuffer fetch(NDManager manager, long index) throws Exception {
        String url = url(index);
        String name = describe(index);
        long length = items.get().lengths()[Math.toIntExact(index)];
        try {
            return objects.read(url, length, name, BodyBuffers.shared());
        } catch (OutOfMemoryError e) {
            throw new BadItemException(name, "out of memory reading it", e);
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

    /** Returns the location of item {@code index}, without a query. */
    @Override
    public String describe(long index) {
        return Locations.shown(url(index));
    }

    private String url(long index) {
        return objects.url(items.get().keys().key(index));
    }

    /**
     * Returns the requests retried, the cache's hits and misses and the bodies that failed checks.
     */
    @Override
    public SourceStats stats() {
        return objects.stats(SourceStats::new);
    }

    /** Closes the store and its connections. */
    @Override
    public void close() {
        objects.close();
    }
}
