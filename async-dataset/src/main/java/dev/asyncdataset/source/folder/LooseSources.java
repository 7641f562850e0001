package dev.asyncdataset.source.folder;

import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;

/**
 * Opens loose objects under a location: a local folder, uncached and without a manifest, as DJL's
 * {@code ImageFolder} reads it (never outside its root, listed at once); any other location through
 * its store, listed when first asked.
 */
final class LooseSources {

    private LooseSources() {}

    /**
     * The labeled images under {@code location}, or those {@code manifest} lists if not null.
     *
     * @param cache the cache of remote objects, or null; closed if the store cannot be opened
     */
    public static LabeledImageSource images(
            String location, String manifest, StoreOptions options, DiskCache cache)
            throws IOException {
        StoreImageSource.checkManifest(location, manifest);
        if (manifest == null && isFolder(location, cache)) {
            return ImageFolderSource.of(FileStore.path(location));
        }
        return new StoreImageSource(open(location, options, cache), manifest);
    }

    /**
     * The samples of the loose files under {@code location}, each part at most the options' largest
     * object, decoded by {@code decoder}.
     */
    public static ItemSource<Sample> samples(
            String location, StoreOptions options, DiskCache cache, SampleDecoder decoder)
            throws IOException {
        if (isFolder(location, cache)) {
            return SampleFolderSource.of(
                    FileStore.path(location), decoder, options.maxObjectBytes());
        }
        return new StoreSampleSource(open(location, options, cache), decoder);
    }

    private static boolean isFolder(String location, DiskCache cache) {
        return cache == null && Locations.isLocal(location);
    }

    private static StoreObjects open(String location, StoreOptions options, DiskCache cache)
            throws IOException {
        return StoreObjects.open(location, StoreAccess.of(options), cache);
    }
}
