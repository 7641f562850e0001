package dev.asyncdataset.internal.epochs;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.order.EpochSampler;
import dev.asyncdataset.internal.order.GlobalOrder;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.internal.pipeline.StatsCounter;
import dev.asyncdataset.internal.shard.RandomAccessEpochs;
import dev.asyncdataset.source.ItemSource;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The epochs of one dataset, across its {@code getData} calls: the next epoch's number, where a
 * resumed run starts, the current epoch's counters and source, and its live epochs ({@link
 * LiveEpochs}); starts each epoch's iteration. Thread-safe: {@code getData}, {@code stats} and
 * {@code iterationState} may be called from any thread.
 */
public final class DatasetEpochs {

    private final LoaderSpec spec;
    private final EpochSampler sampler;
    private final GlobalOrder global;
    private final LiveEpochs live;
    private final AtomicLong epochs;
    private final AtomicLong resumeSkip;
    private final AtomicLong resumeSamples;
    // random access: the batches of the epoch before this run; global order: its position
    private final AtomicLong epochOffset = new AtomicLong();
    private final AtomicReference<ItemSource<?>> epochSource;
    private final AtomicReference<StatsCounter> epochStats =
            new AtomicReference<>(new StatsCounter(0));

    /**
     * @param spec the loader's configuration
     * @param sampler the seeded sampler, or {@code null} to sample with the dataset's DJL sampler
     * @param global the rank-independent order of streamed shards or a mix, or {@code null} for
     *     random access
     * @param resume where the first epoch starts, or {@code null} for the beginning of epoch 0
     * @param maxLiveEpochs the most epochs of the dataset live at once
     */
    public DatasetEpochs(
            LoaderSpec spec,
            EpochSampler sampler,
            GlobalOrder global,
            IterationState resume,
            int maxLiveEpochs) {
        this.spec = spec;
        this.sampler = sampler;
        this.global = global;
        this.live = new LiveEpochs(maxLiveEpochs);
        this.epochs = new AtomicLong(resume == null ? 0 : resume.epoch());
        this.resumeSkip = new AtomicLong(resume == null ? 0 : resume.batches());
        this.resumeSamples = new AtomicLong(resume == null ? -1 : resume.samples());
        this.epochSource = new AtomicReference<>(spec.source());
    }

    /**
     * Returns the epochs of a split: the same options over {@code subset}, from epoch 0, read in
     * random access.
     *
     * @param subset the configuration reading the split's items
     * @return the split's epochs
     */
    public DatasetEpochs split(LoaderSpec subset) {
        return new DatasetEpochs(subset, sampler, null, null, live.max());
    }

    /**
     * Returns the configuration the epochs load with.
     *
     * @return the loader's configuration
     */
    public LoaderSpec spec() {
        return spec;
    }

    /**
     * Whether epochs sample with the seeded sampler rather than the dataset's DJL sampler.
     *
     * @return whether a seeded sampler is set
     */
    public boolean seeded() {
        return sampler != null;
    }

    /**
     * Starts the next epoch.
     *
     * @param manager the manager given to {@code getData}
     * @param djlSample the DJL sampler's batches, or {@code null} to use the seeded sampler
     * @param size the dataset's size
     * @return the epoch, live until it ends or is closed
     */
    public EpochIterator start(NDManager manager, Iterator<List<Long>> djlSample, long size) {
        long epoch = epochs.getAndIncrement();
        StatsCounter stats = new StatsCounter(epoch, spec.source().stats());
        epochStats.set(stats);
        epochSource.set(spec.source());
        if (djlSample != null) {
            epochOffset.set(0);
            return randomAccess(manager, djlSample, size, 0, stats);
        }
        long skip = resumeSkip.getAndSet(0);
        long samples = resumeSamples.getAndSet(-1);
        if (global != null) {
            return streamed(
                    manager, epoch, samples >= 0 ? samples : global.position(0, skip), stats);
        }
        epochOffset.set(skip);
        long total = sampler.shareSize(size);
        Iterator<List<Long>> batches = sampler.sample(size, spec.seed(), epoch, skip);
        long consumed = Math.min(total, skip * sampler.batchSize());
        return randomAccess(manager, batches, total, consumed, stats);
    }

    /**
     * Starts a random-access epoch of {@code batches}, through the source's view of the epoch
     * ({@link RandomAccessEpochs}), which the epoch closes, or through the source.
     */
    private EpochIterator randomAccess(
            NDManager manager,
            Iterator<List<Long>> batches,
            long total,
            long consumed,
            StatsCounter stats) {
        ItemSource<?> source = spec.source();
        ItemSource<?> view =
                source instanceof RandomAccessEpochs<?> epochs
                                && epochs.randomAccessEpoch() instanceof ItemSource<?> own
                        ? own
                        : source;
        epochSource.set(view);
        boolean own = view != source;
        LoaderSpec epochSpec = own ? spec.withSource(view) : spec;
        return live.add(
                new EpochIterator(epochSpec, manager, batches, total, consumed, stats, own));
    }

    /** Starts an epoch of the global order at position {@code position}. */
    private EpochIterator streamed(
            NDManager manager, long epoch, long position, StatsCounter stats) {
        epochOffset.set(position);
        GlobalOrder.Epoch view = global.epoch(spec, epoch, position);
        epochSource.set(view.spec().source());
        return live.add(
                new EpochIterator(
                        view.spec(),
                        manager,
                        view.batches(),
                        view.total(),
                        view.consumed(),
                        stats,
                        view.spec().source() != spec.source()));
    }

    /**
     * Returns the current epoch's statistics, or the last one's if none is running, with the counts
     * of the source it reads (the streamed view of a streamed epoch).
     *
     * @return a snapshot of the epoch's counters
     */
    public LoaderStats stats() {
        return epochStats.get().stats(epochSource.get());
    }

    /**
     * Returns where loading is: the epoch of the last start and the batches of it handed out; when
     * streaming shards, also the samples all ranks consumed.
     *
     * @return the state, with the loader's seed
     */
    public IterationState state() {
        StatsCounter now = epochStats.get();
        long batches = now.batches();
        if (global == null) {
            return new IterationState(spec.seed(), now.epoch(), epochOffset.get() + batches);
        }
        long samples = global.position(epochOffset.get(), batches);
        long perStep = (long) sampler.batchSize() * sampler.worldSize();
        return new IterationState(
                spec.seed(), now.epoch(), samples / perStep, samples, global.partitions());
    }
}
