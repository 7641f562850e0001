package dev.asyncdataset.internal.mix;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The sources of a mix as one source: item {@code i} of source {@code s} is item {@code offset(s) +
 * i}, so that {@code get}, splits and batch indices name every item of every source once. An epoch
 * reads it through {@link MixedEpoch}, in the order {@link Mixing} plans. Keys are the source's
 * name, a colon, and the item's own key. It does not care which store a source reads.
 *
 * @param <T> what the fetch step hands to the decode step
 */
public class MixedSource<T> implements ItemSource<T> {

    private final List<ItemSource<?>> sources;
    private final List<String> names;
    private final List<MixShare> shares;
    private final long epochSize;

    MixedSource(
            List<ItemSource<?>> sources,
            List<String> names,
            List<MixShare> shares,
            long epochSize) {
        this.sources = List.copyOf(sources);
        this.names = List.copyOf(names);
        this.shares = List.copyOf(shares);
        this.epochSize = epochSize;
    }

    /**
     * Mixes {@code sources}: a {@link LabeledImageSource} when every source is one, so that image
     * batches keep their recycled rows.
     *
     * @param sources the sources, in order
     * @param names a name per source, for keys and statistics
     * @param shares a share per source
     * @param epochSize the epoch size, or 0 for the shares' default
     * @return the mix
     * @throws IllegalArgumentException if proportions are combined with absolute shares
     */
    public static MixedSource<?> of(
            List<ItemSource<?>> sources,
            List<String> names,
            List<MixShare> shares,
            long epochSize) {
        MixCounts.checkRules(names, shares);
        boolean images = sources.stream().allMatch(LabeledImageSource.class::isInstance);
        return images
                ? new Labeled(sources, names, shares, epochSize)
                : new MixedSource<>(sources, names, shares, epochSize);
    }

    /**
     * Checks that proportions are not combined with absolute shares.
     *
     * @param names the sources' names, in order
     * @param shares the shares, in the same order
     * @throws IllegalArgumentException naming a source with a proportion and one with an absolute
     *     share if both occur
     */
    public static void checkShares(List<String> names, List<MixShare> shares) {
        MixCounts.checkRules(names, shares);
    }

    /**
     * Returns the sources, in order.
     *
     * @return the sources
     */
    public List<ItemSource<?>> sources() {
        return sources;
    }

    /**
     * Returns the sources' names, in order.
     *
     * @return the names
     */
    public List<String> names() {
        return names;
    }

    /**
     * Returns the items each source gives per epoch (the sources must be prepared).
     *
     * @return the counts, in source order
     */
    public long[] counts() {
        long[] sizes = sources.stream().mapToLong(ItemSource::size).toArray();
        return MixCounts.of(shares, sizes, epochSize);
    }

    /**
     * Checks that every source has an item (the sources must be prepared).
     *
     * @throws IllegalArgumentException naming the first source without one
     */
    public void checkItems() {
        for (int s = 0; s < sources.size(); s++) {
            if (sources.get(s).size() == 0) {
                throw new IllegalArgumentException(names.get(s) + " has no item");
            }
        }
    }

    /**
     * Returns the index of source {@code s}'s first item.
     *
     * @param s the source
     * @return its offset
     */
    public long offset(int s) {
        long offset = 0;
        for (int i = 0; i < s; i++) {
            offset += sources.get(i).size();
        }
        return offset;
    }

    /** The source of item {@code index}. */
    int sourceOf(long index) {
        long end = 0;
        for (int s = 0; s < sources.size(); s++) {
            end += sources.get(s).size();
            if (index < end) {
                return s;
            }
        }
        throw new IndexOutOfBoundsException("item " + index + " of " + end);
    }

    @SuppressWarnings("unchecked")
    ItemSource<Object> source(int s) {
        return (ItemSource<Object>) sources.get(s);
    }

    /** The key of item {@code local} of source {@code s}. */
    String describe(int s, long local) {
        return names.get(s) + ": " + sources.get(s).describe(local);
    }

    @Override
    public void prepare(Progress progress) throws IOException {
        for (ItemSource<?> source : sources) {
            source.prepare(progress);
        }
    }

    @Override
    public long size() {
        return offset(sources.size());
    }

    @Override
    @SuppressWarnings("unchecked")
    public T fetch(NDManager manager, long index) throws Exception {
        int s = sourceOf(index);
        return (T) source(s).fetch(manager, index - offset(s));
    }

    @Override
    public Record decode(NDManager manager, long index, T fetched) throws Exception {
        int s = sourceOf(index);
        return source(s).decode(manager, index - offset(s), fetched);
    }

    @Override
    public void release(long index, T fetched) {
        int s = sourceOf(index);
        source(s).release(index - offset(s), fetched);
    }

    @Override
    public String describe(long index) {
        int s = sourceOf(index);
        return describe(s, index - offset(s));
    }

    /** The sum of the sources' counts. */
    @Override
    public SourceStats stats() {
        return sum(sources.stream().map(ItemSource::stats).toList());
    }

    @Override
    public List<BadItemException> damaged() {
        List<BadItemException> all = new ArrayList<>();
        sources.forEach(source -> all.addAll(source.damaged()));
        return all;
    }

    @Override
    public void close() {
        sources.forEach(ItemSource::close);
    }

    /** Adds up {@code all}. */
    static SourceStats sum(List<SourceStats> all) {
        long[] sums = new long[6];
        for (SourceStats one : all) {
            sums[0] += one.retries();
            sums[1] += one.cacheHits();
            sums[2] += one.cacheMisses();
            sums[3] += one.integrityFailures();
            sums[4] += one.residentBytes();
            sums[5] += one.peakResidentBytes();
        }
        return new SourceStats(sums[0], sums[1], sums[2], sums[3], sums[4], sums[5]);
    }

    /** A mix of image-classification sources, itself one. */
    static final class Labeled extends MixedSource<ByteBuffer> implements LabeledImageSource {

        Labeled(
                List<ItemSource<?>> sources,
                List<String> names,
                List<MixShare> shares,
                long epochSize) {
            super(sources, names, shares, epochSize);
        }

        @Override
        public long label(long index) {
            int s = sourceOf(index);
            return ((LabeledImageSource) sources().get(s)).label(index - offset(s));
        }
    }
}
