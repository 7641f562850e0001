package dev.asyncdataset.internal.pipeline;

import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;

/** The running counters of one epoch, updated by the stages and the trainer's thread. */
public final class StatsCounter {

    private static final long HOUR_MICROS = 3_600_000_000L;

    final long epoch;
    final AtomicLong batches = new AtomicLong();
    final AtomicLong items = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong skipped = new AtomicLong();
    final AtomicLong waitNanos = new AtomicLong();
    final AtomicLong decoded = new AtomicLong();
    final AtomicLong decodeNanos = new AtomicLong();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger ready = new AtomicInteger();
    final AtomicInteger fetchLimit = new AtomicInteger();
    final ConcurrentHistogram fetchMicros = new ConcurrentHistogram(HOUR_MICROS, 2);
    private volatile BatchAssembly assembly;
    private volatile SourceCounters sources;
    private final AtomicLong startNanos = new AtomicLong();
    private final AtomicLong endNanos = new AtomicLong();
    private final SourceStats before;

    /**
     * Creates the counters of epoch {@code epoch}, its source's counts all from 0.
     *
     * @param epoch the epoch, counted from 0
     */
    public StatsCounter(long epoch) {
        this(epoch, new SourceStats(0, 0, 0, 0, 0, 0));
    }

    /**
     * Creates the counters of epoch {@code epoch}, its source's counts those since {@code before}.
     *
     * @param epoch the epoch, counted from 0
     * @param before the source's counts when the epoch starts
     */
    public StatsCounter(long epoch, SourceStats before) {
        this.epoch = epoch;
        this.before = before;
    }

    /**
     * Returns a consistent-enough view of the counters, read without stopping the stages, beside
     * the counts of the source the epoch reads since the epoch started.
     *
     * @param source the epoch's source
     * @return the current values
     */
    public LoaderStats stats(ItemSource<?> source) {
        SourceStats counts = source.stats();
        long start = startNanos.get();
        long end = endNanos.get() != 0 ? endNanos.get() : System.nanoTime();
        long decodedItems = decoded.get();
        return new LoaderStats(
                epoch,
                batches.get(),
                items.get(),
                bytes.get(),
                skipped.get(),
                start == 0 ? 0 : end - start,
                waitNanos.get(),
                fetchMicros.getValueAtPercentile(50) / 1e3,
                fetchMicros.getValueAtPercentile(95) / 1e3,
                fetchMicros.getValueAtPercentile(99) / 1e3,
                decodedItems == 0 ? 0 : decodeNanos.get() / 1e6 / decodedItems,
                inFlight.get(),
                ready.get(),
                fetchLimit.get(),
                new SourceStats(
                        counts.retries() - before.retries(),
                        counts.cacheHits() - before.cacheHits(),
                        counts.cacheMisses() - before.cacheMisses(),
                        counts.integrityFailures() - before.integrityFailures(),
                        counts.residentBytes(),
                        counts.peakResidentBytes()),
                assembly != null ? assembly.bufferPath() : ItemAssembly.PATH,
                hostBytesHeld(),
                source.damaged().size(),
                sources != null ? sources.counts() : List.of());
    }

    /**
     * Returns the epoch these counters are of.
     *
     * @return the epoch, counted from 0
     */
    public long epoch() {
        return epoch;
    }

    /**
     * Returns the batches handed to the trainer so far.
     *
     * @return the batches taken
     */
    public long batches() {
        return batches.get();
    }

    /** How the epoch assembles its batches: into rows of recycled buffers, or per item. */
    void assembly(BatchAssembly chosen) {
        assembly = chosen;
    }

    /** Counts per source into {@code counters}; not at all for {@code null} (one source). */
    void sources(SourceCounters counters) {
        sources = counters;
    }

    /** Item {@code index} was fetched, {@code length} bytes. */
    void fetched(long index, long length) {
        bytes.addAndGet(length);
        SourceCounters tally = sources;
        if (tally != null) {
            tally.fetched(index, length);
        }
    }

    /** Item {@code index} was skipped as bad. */
    void skippedItem(long index) {
        skipped.incrementAndGet();
        SourceCounters tally = sources;
        if (tally != null) {
            tally.skipped(index);
        }
    }

    /**
     * The trainer took {@code batch}.
     *
     * @param batch the batch handed out
     */
    public void handedOut(Batch batch) {
        batches.incrementAndGet();
        items.addAndGet(batch.getSize());
        SourceCounters tally = sources;
        if (tally != null) {
            tally.handedOut(batch.getIndices());
        }
    }

    private long hostBytesHeld() {
        HostBuffers recycled = assembly != null ? assembly.recycled() : null;
        return recycled != null ? recycled.bytesHeld() : 0;
    }

    /**
     * The trainer's thread starts waiting for a batch.
     *
     * @return the wait, to end with {@link #waitEnds}
     */
    public LoaderEvents.TrainerWait waitStarts() {
        return LoaderEvents.TrainerWait.start();
    }

    /**
     * The trainer's thread stops waiting: counted in {@code dataWaitNanos} and recorded, and with
     * several sources charged to the source of the last item of {@code awaited}, the batch waited
     * for (null at the end of the epoch).
     *
     * @param wait the wait {@link #waitStarts} began
     * @param awaited the batch the trainer got, or {@code null}
     */
    public void waitEnds(LoaderEvents.TrainerWait wait, Batch awaited) {
        long nanos = wait.end(epoch);
        waitNanos.addAndGet(nanos);
        SourceCounters tally = sources;
        if (tally != null && awaited instanceof StagedBatch staged) {
            tally.waited(staged.lastItem(), nanos);
        }
    }

    /** The trainer starts iterating the epoch; later calls do nothing. */
    public void started() {
        startNanos.compareAndSet(0, System.nanoTime());
    }

    /** The epoch ended or was closed; later calls do nothing. */
    public void ended() {
        endNanos.compareAndSet(0, System.nanoTime());
    }
}
