package dev.asyncdataset.source.folder;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.items.ListOnce;
import dev.asyncdataset.internal.items.PartReads;
import dev.asyncdataset.internal.items.SampleNames;
import dev.asyncdataset.internal.items.SampleRecords;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.loose.StoreSamples;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SortedMap;

/**
 * Samples of any kind stored as loose objects under a location of any store that lists ({@code
 * FolderSource.buildSamples}), as WebDataset names them: the objects whose keys, relative to the
 * location, share a path up to the first dot of their base name form one sample, with one part per
 * extension ({@link SampleNames}), in key order; hidden names are left out. The same files in a
 * folder and in any other store give the same samples. {@link #fetch} reads every part object
 * whole, at once, with the store options' retry budget, timeouts, largest object and the store's
 * checksum; a missing, empty, too large or still failing part is a {@link BadItemException} naming
 * it, and {@link SampleDecoder} turns each {@link Sample} into a record.
 */
final class StoreSampleSource implements ItemSource<Sample> {

    private final StoreObjects objects;
    private final ListOnce<StoreSamples> samples;
    private final SampleDecoder decoder;
    private final PartReads parts;

    /** The samples of {@code objects}, listed when first asked, decoded by {@code decoder}. */
    public StoreSampleSource(StoreObjects objects, SampleDecoder decoder) {
        this.objects = objects;
        this.samples = new ListOnce<>(p -> StoreSamples.list(objects, p));
        this.decoder = decoder;
        this.parts = new PartReads(this::read);
    }

    /**
     * Lists the location, once: later calls do nothing.
     *
     * @param progress reports the keys listed, or {@code null}
     * @throws IOException if the listing fails within the retry budget
     */
    @Override
    public void prepare(Progress progress) throws IOException {
        samples.prepare(progress);
    }

    /**
     * Returns the number of samples, listing them first if {@link #prepare} was not called.
     *
     * @throws UncheckedIOException if that listing fails
     */
    @Override
    public long size() {
        return samples.get().samples().size();
    }

    /**
     * Returns the key of sample {@code index}: its path relative to the location, up to the first
     * dot of its base name.
     *
     * @param index the item index
     * @return the sample key
     */
    public String key(long index) {
        return samples.get().samples().key(Math.toIntExact(index));
    }

    /** Reads the part objects of sample {@code index}; running out of memory makes it bad. */
    @Override
    public Sample fetch(NDManager manager, long index) throws Exception {
        SortedMap<String, String> files =
                samples.get().samples().parts(Math.toIntExact(index), describe(index));
        try {
            return new Sample(key(index), parts.read(files));
        } catch (OutOfMemoryError e) {
            throw new BadItemException(describe(index), "out of memory reading it", e);
        }
    }

    private byte[] read(String file) throws IOException {
        String url = objects.url(file);
        return objects.read(url, samples.get().lengths().get(file), Locations.shown(url));
    }

    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws Exception {
        return SampleRecords.decode(decoder, manager, fetched, describe(index));
    }

    /** Returns the location of sample {@code index}'s key, without a query. */
    @Override
    public String describe(long index) {
        return Locations.shown(objects.url(key(index)));
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
