package dev.asyncdataset.internal.mix;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.pipeline.ItemOrigins;
import dev.asyncdataset.internal.pipeline.ReadyWait;
import dev.asyncdataset.internal.pipeline.SourceCounters;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One rank's epoch of a mix, as {@link Mixing} planned it. Its items are numbered by their global
 * position in the mixed epoch ({@link Numbering}), so that an item drawn twice in an epoch is two
 * items, and its per-item random generator does not depend on the world size. Item {@code k} is
 * item {@code local[k]} of its source, fetched by {@code readers[reader[k]]}: the source itself, or
 * the streamed view of one pass of it, which this epoch owns and closes.
 *
 * @param <T> what the fetch step hands to the decode step
 */
public class MixedEpoch<T> implements ItemSource<T>, ItemOrigins, ReadyWait {

    /**
     * What fetches the items of an epoch.
     *
     * @param readers the sources, then the epoch's streamed views
     * @param source the source each reader reads
     * @param owned the streamed views, closed with the epoch
     */
    record Readers(List<ItemSource<?>> readers, int[] source, List<ItemSource<?>> owned) {}

    private final MixedSource<?> mix;
    private final Readers readers;
    private final int[] reader;
    private final long[] local;
    private final Numbering numbering;

    /**
     * How the rank's items are numbered: item {@code k} at {@code first + k * step}, except a
     * padding item (the rank's last, {@code own}), numbered by the position it repeats.
     *
     * @param first the position of the rank's first item
     * @param step the world size
     * @param own the rank's own items, before the padding
     * @param padding the position the padding item repeats, or -1 without one
     */
    record Numbering(long first, int step, int own, long padding) {

        long positionOf(int k) {
            return k == own ? padding : first + (long) k * step;
        }

        int slot(long position) {
            return position == padding ? own : Math.toIntExact((position - first) / step);
        }
    }

    MixedEpoch(
            MixedSource<?> mix, Readers readers, int[] reader, long[] local, Numbering numbering) {
        this.mix = mix;
        this.readers = readers;
        this.reader = reader;
        this.local = local;
        this.numbering = numbering;
    }

    static MixedEpoch<?> of(
            MixedSource<?> mix, Readers readers, int[] reader, long[] local, Numbering numbering) {
        return mix instanceof LabeledImageSource
                ? new Labeled(mix, readers, reader, local, numbering)
                : new MixedEpoch<>(mix, readers, reader, local, numbering);
    }

    /** The number the loader gives the rank's {@code k}-th item. */
    long positionOf(int k) {
        return numbering.positionOf(k);
    }

    private int slot(long position) {
        return numbering.slot(position);
    }

    /**
     * Returns the source an item comes from.
     *
     * @param position the item's number in this epoch
     * @return the source's place in the mix
     */
    public int sourceOf(long position) {
        return readers.source()[reader[slot(position)]];
    }

    /**
     * Returns the item's number in the whole mix ({@link MixedSource}), which batches report.
     *
     * @param position the item's number in this epoch
     * @return the item's index in the mix
     */
    public long itemOf(long position) {
        int k = slot(position);
        return mix.offset(readers.source()[reader[k]]) + local[k];
    }

    /** The name of the item's source, for the events. */
    @Override
    public String sourceName(long position) {
        return names().get(sourceOf(position));
    }

    /** The item's number in the whole mix ({@link #itemOf}). */
    @Override
    public long batchIndex(long position) {
        return itemOf(position);
    }

    /** The counters of each source of the mix. */
    @Override
    public SourceCounters counters() {
        return new SourceTally(this);
    }

    /** The mix this epoch reads. */
    MixedSource<?> mix() {
        return mix;
    }

    /**
     * Returns the names of the mix's sources.
     *
     * @return the names, in source order
     */
    public List<String> names() {
        return mix.names();
    }

    @SuppressWarnings("unchecked")
    private ItemSource<Object> readerOf(int k) {
        return (ItemSource<Object>) readers.readers().get(reader[k]);
    }

    ItemSource<?> sourceAt(long position) {
        return mix.sources().get(sourceOf(position));
    }

    long localOf(long position) {
        return local[slot(position)];
    }

    @Override
    public long size() {
        return mix.size();
    }

    @Override
    public void awaitReady(long position) throws InterruptedException {
        int k = slot(position);
        ReadyWait.awaitReady(readerOf(k), local[k]);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T fetch(NDManager manager, long position) throws Exception {
        int k = slot(position);
        return (T) readerOf(k).fetch(manager, local[k]);
    }

    @Override
    public Record decode(NDManager manager, long position, T fetched) throws Exception {
        return mix.source(sourceOf(position)).decode(manager, localOf(position), fetched);
    }

    /** Gives the value back to the reader that fetched it: the source or its streamed view. */
    @Override
    public void release(long position, T fetched) {
        int k = slot(position);
        readerOf(k).release(local[k], fetched);
    }

    @Override
    public String describe(long position) {
        return mix.describe(sourceOf(position), localOf(position));
    }

    /**
     * The sources' counts, with the shard bytes of this epoch's streamed views in place of the
     * sources' own.
     */
    @Override
    public SourceStats stats() {
        SourceStats sources = mix.stats();
        SourceStats views =
                MixedSource.sum(readers.owned().stream().map(ItemSource::stats).toList());
        return new SourceStats(
                sources.retries(),
                sources.cacheHits(),
                sources.cacheMisses(),
                sources.integrityFailures(),
                views.residentBytes(),
                views.peakResidentBytes());
    }

    @Override
    public List<BadItemException> damaged() {
        return mix.damaged();
    }

    /** Closes the epoch's streamed views, giving their shard buffers back. */
    @Override
    public void close() {
        readers.owned().forEach(ItemSource::close);
    }

    /** The epoch of a mix of image-classification sources. */
    static final class Labeled extends MixedEpoch<ByteBuffer> implements LabeledImageSource {

        Labeled(
                MixedSource<?> mix,
                Readers readers,
                int[] reader,
                long[] local,
                Numbering numbering) {
            super(mix, readers, reader, local, numbering);
        }

        @Override
        public long label(long position) {
            return ((LabeledImageSource) sourceAt(position)).label(localOf(position));
        }
    }
}
