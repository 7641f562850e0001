package dev.asyncdataset;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Sampler;
import ai.djl.translate.Pipeline;
import ai.djl.translate.StackBatchifier;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.epochs.DatasetEpochs;
import dev.asyncdataset.internal.order.EpochSampler;
import dev.asyncdataset.internal.pipeline.Concurrency;
import dev.asyncdataset.internal.pipeline.FetchMode;
import dev.asyncdataset.internal.pipeline.HostBuffers;
import dev.asyncdataset.internal.pipeline.ItemOrigins;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.internal.pipeline.Pipelines;
import dev.asyncdataset.internal.pipeline.RowGather;
import dev.asyncdataset.source.ItemSource;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Builds a {@link ConcurrentDataset} ({@link ConcurrentDataset#builder()}); names follow DJL's
 * {@code RandomAccessDataset} builders.
 */
public final class ConcurrentDatasetBuilder
        extends RandomAccessDataset.BaseBuilder<ConcurrentDatasetBuilder> {

    /** The default shards of a shuffle window of shard streaming. */
    public static final int DEFAULT_WINDOW_SHARDS = 4;

    /** The default most epochs of one dataset live at once. */
    public static final int DEFAULT_MAX_LIVE_EPOCHS = 2;

    private final SourceOptions sources = new SourceOptions();
    private final SamplingOptions sampling = new SamplingOptions();
    private int fetchers = 256;
    private boolean autoFetchers = true;
    private int workers = 4;
    private int stagingDepth = 2;
    private int decodeThreads = Runtime.getRuntime().availableProcessors();
    private BadItemPolicy badItemPolicy = BadItemPolicy.FAIL;
    private boolean inOrder = true;
    private boolean sequentialFetch;
    private Pipeline devicePipeline;
    private boolean recycleBuffers = true;
    private int maxLiveEpochs = DEFAULT_MAX_LIVE_EPOCHS;

    /** Creates a builder whose batchifiers are one {@link AsyncBatchifier}. */
    ConcurrentDatasetBuilder() {
        AsyncBatchifier batchifier = new AsyncBatchifier();
        dataBatchifier = batchifier;
        labelBatchifier = batchifier;
    }

    @Override
    protected ConcurrentDatasetBuilder self() {
        return this;
    }

    /**
     * Sets batch sampling as DJL does; with {@link #optSeed} the permutation of each epoch is
     * derived from (seed, epoch) instead of DJL's global random generator, which makes runs
     * resumable ({@link #optResumeFrom}) and shardable ({@link #optShard}).
     *
     * @param batchSize the batch size
     * @param random whether to shuffle every epoch
     * @param dropLast whether to drop a last, smaller batch
     * @return this builder
     */
    @Override
    public ConcurrentDatasetBuilder setSampling(int batchSize, boolean random, boolean dropLast) {
        sampling.batchSize = atLeast(1, batchSize, "batchSize");
        sampling.shuffle = random;
        sampling.dropLast = dropLast;
        return super.setSampling(batchSize, random, dropLast);
    }

    /**
     * Sets a sampler of your own; seeded sampling, sharding and resuming then do not apply.
     *
     * @param sampler the sampler
     * @return this builder
     */
    @Override
    public ConcurrentDatasetBuilder setSampling(Sampler sampler) {
        sampling.batchSize = 0;
        return super.setSampling(sampler);
    }

    /**
     * Reads only share {@code rank} of {@code worldSize} equal shares of every epoch, for
     * data-parallel training over several machines: the ranks' shares are disjoint, cover the
     * epoch, and have the same number of batches. Items that do not divide evenly are filled by
     * repeating the first items of the permutation; see {@link #optShardDropRemainder}. Needs
     * {@link #optSeed} (the same on every rank).
     *
     * @param rank this machine's share, from 0
     * @param worldSize the number of shares
     * @return this builder
     */
    public ConcurrentDatasetBuilder optShard(int rank, int worldSize) {
        sampling.worldSize = atLeast(1, worldSize, "worldSize");
        if (rank < 0 || rank >= worldSize) {
            throw new IllegalArgumentException("rank not in [0, " + worldSize + "): " + rank);
        }
        sampling.rank = rank;
        return this;
    }

    /**
     * Drops the items that do not divide evenly among the shards, instead of repeating some.
     *
     * @return this builder
     */
    public ConcurrentDatasetBuilder optShardDropRemainder() {
        sampling.dropRemainder = true;
        return this;
    }

    /**
     * Resumes a seeded run where {@code state} (saved from {@link
     * ConcurrentDataset#iterationState()}) left it: the first epoch is {@code state.epoch()}
     * without its first {@code state.batches()} batches. When streaming shards, it starts at the
     * global position {@code state.samples()} instead, whatever the world size the state was saved
     * at. Also sets the seed.
     *
     * @param state the saved state
     * @return this builder
     * @throws IllegalArgumentException if {@code state} is a packed text state ({@code tokens() >
     *     0}), which only {@code PackedDataset} resumes
     */
    public ConcurrentDatasetBuilder optResumeFrom(IterationState state) {
        Objects.requireNonNull(state, "state");
        if (state.tokens() != 0) {
            throw new IllegalArgumentException(
                    "a packed text state (tokens="
                            + state.tokens()
                            + "): resume it with PackedDataset.builder().optResumeFrom");
        }
        sampling.resume = state;
        sampling.seed = state.seed();
        return this;
    }

    /**
     * Sets in-memory data, as {@code ArrayDataset.Builder.setData} does: item {@code i} is row
     * {@code i} of every array. As in {@code ArrayDataset}, the data pipeline ({@link
     * #optPipeline}, {@link #addTransform}) then runs once per batch, on the stacked batch.
     *
     * @param data the data arrays, all with the same first dimension
     * @return this builder
     * @throws IllegalArgumentException if {@code data} is null or empty
     */
    public ConcurrentDatasetBuilder setData(NDArray... data) {
        sources.data(data);
        return this;
    }

    /**
     * Sets in-memory labels for {@link #setData}, as {@code ArrayDataset.Builder.optLabels}.
     *
     * @param labels the label arrays, with the data's first dimension
     * @return this builder
     */
    public ConcurrentDatasetBuilder optLabels(NDArray... labels) {
        sources.labels(labels);
        return this;
    }

    /**
     * Sets an existing dataset to read items from; its {@code get} runs on the fetch stage, then
     * its own data pipeline (for example an {@code ImageFolder}'s {@code addTransform}s) runs per
     * item and this builder's after it, as DJL's loader over that dataset does. Its {@code get} is
     * called for several items at once, so it must be thread-safe and draw from no shared random
     * state (such as DJL's {@code RandomUtils}, which DJL's time-series transforms use); otherwise
     * set {@link #optSequentialFetch}.
     *
     * @param dataset the dataset to wrap
     * @return this builder
     * @throws NullPointerException if {@code dataset} is null
     */
    public ConcurrentDatasetBuilder setDataset(RandomAccessDataset dataset) {
        sources.dataset(dataset);
        return this;
    }

    /**
     * Sets where the items come from: a folder, S3, or a source of your own. The data pipeline then
     * runs per item, on the decode stage.
     *
     * @param source the item source
     * @return this builder
     * @throws NullPointerException if {@code source} is null
     */
    public ConcurrentDatasetBuilder setSource(ItemSource<?> source) {
        sources.source(source);
        return this;
    }

    /**
     * Adds one source of a mix: each epoch then interleaves the sources' items by their shares (see
     * {@link ConcurrentDataset}), and the data pipeline runs per item, on the decode stage. The
     * source is named {@code "source <i> (<its class>)"} in keys and statistics, {@code i} counting
     * from 0 in the order sources are added.
     *
     * @param source the item source, of any store
     * @param share how much of it an epoch takes
     * @return this builder
     * @throws NullPointerException if {@code source} or {@code share} is null
     */
    public ConcurrentDatasetBuilder addSource(ItemSource<?> source, SourceShare share) {
        return addSource(sources.nextName(source), source, share);
    }

    /**
     * Adds one source of a mix under a name of your own (see {@link #addSource(ItemSource,
     * SourceShare)}).
     *
     * @param name the source's name in keys and statistics
     * @param source the item source, of any store
     * @param share how much of it an epoch takes
     * @return this builder
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the name is blank or taken, or the share is a proportion
     *     where absolute shares were added, or the other way round
     */
    public ConcurrentDatasetBuilder addSource(
            String name, ItemSource<?> source, SourceShare share) {
        sources.add(name, source, share);
        return this;
    }

    /**
     * Sets the items of an epoch of a mix: proportions share it by weight, and absolute shares are
     * scaled to it as weights; default: the sum of the absolute shares, or with proportions all
     * sources' items.
     *
     * @param epochSize the items per epoch, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optEpochSize(long epochSize) {
        sources.epochSize(epochSize);
        return this;
    }

    /**
     * Fixes the most item reads in flight at once, over all batches, instead of AUTO. The loader
     * then also keeps exactly {@link #optPrefetchNumber} batches in flight.
     *
     * @param fetchers the fetch concurrency, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optFetchers(int fetchers) {
        this.fetchers = atLeast(1, fetchers, "fetchers");
        this.autoFetchers = false;
        return this;
    }

    /**
     * Lets the fetch concurrency follow the storage (the default, with at most 256): by Little's
     * law, twice the items the decode stage can take per second times the mean fetch latency,
     * recomputed as the loader runs, between 16 and {@code maxFetchers}. The loader keeps enough
     * batches in flight to feed it: {@code max(prefetch, ceil(limit / batch size) + 1)}, so host
     * memory stays bounded by {@code max(prefetch, ceil(maxFetchers / batch size) + 1)} batches
     * (with batch 256 and a prefetch of 4, 4 batches of 256 items).
     *
     * @param maxFetchers the most item reads in flight at once, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optAutoFetchers(int maxFetchers) {
        this.fetchers = atLeast(1, maxFetchers, "maxFetchers");
        this.autoFetchers = true;
        return this;
    }

    /**
     * Sets the batches being fetched and decoded at once, where DJL's loader sets the batches it
     * prepares ahead; default 4: exactly that many with {@link #optFetchers}, at least that many
     * under AUTO ({@link #optAutoFetchers}). The batches kept ready on the device are set by {@link
     * #optStagingDepth}.
     *
     * @param prefetchNumber the batches in flight, at least 1
     * @return this builder
     */
    @Override
    public ConcurrentDatasetBuilder optPrefetchNumber(int prefetchNumber) {
        this.workers = atLeast(1, prefetchNumber, "prefetchNumber");
        return super.optPrefetchNumber(prefetchNumber);
    }

    /**
     * Sets the most batches kept ready on the device, counting the one the trainer holds; default 2
     * (double buffering).
     *
     * @param stagingDepth the staged batches, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optStagingDepth(int stagingDepth) {
        this.stagingDepth = atLeast(1, stagingDepth, "stagingDepth");
        return this;
    }

    /**
     * Sets the threads of the CPU decode stage; default: the number of cores.
     *
     * @param decodeThreads the decode threads, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optDecodeThreads(int decodeThreads) {
        this.decodeThreads = atLeast(1, decodeThreads, "decodeThreads");
        return this;
    }

    /**
     * Sets whether batches are handed out in sampler order (the default). With {@code false},
     * whichever batch in flight is ready first is handed out, so one slow item does not stall the
     * batches behind it; the order then depends on timing, so runs are no longer reproducible batch
     * for batch (each batch still holds the same items).
     *
     * @param inOrder whether to keep sampler order
     * @return this builder
     */
    public ConcurrentDatasetBuilder optInOrder(boolean inOrder) {
        this.inOrder = inOrder;
        return this;
    }

    /**
     * Sets whether items are fetched one at a time on one thread, in the sampler's order, as DJL's
     * loader calls {@code get}; default {@code false}, and always {@code true} with {@code
     * optFetchers(1)}. A wrapped dataset whose {@code get} is not thread-safe or draws from shared
     * random state (DJL's {@code RandomUtils}) then gives DJL's own loader's values, run after run.
     * Decoding, prefetching and staging on the device still run ahead; only the reads of a batch
     * are no longer concurrent. In-memory rows with no per-item transforms ({@link #setData}, or a
     * wrapped {@code ArrayDataset}) are always read on that thread, a batch at a time with one
     * gather per array (as DJL's loader reads an {@code ArrayDataset}) when the batchifiers stack;
     * so is a wrapped {@code ArrayDataset} with a data pipeline, run on each batch as DJL does.
     *
     * @param sequentialFetch whether to fetch one item at a time in sampler order
     * @return this builder
     */
    public ConcurrentDatasetBuilder optSequentialFetch(boolean sequentialFetch) {
        this.sequentialFetch = sequentialFetch;
        return this;
    }

    /**
     * Sets what to do with items that cannot be read; default {@link BadItemPolicy#FAIL}.
     *
     * @param policy the bad-item policy
     * @return this builder
     */
    public ConcurrentDatasetBuilder optBadItemPolicy(BadItemPolicy policy) {
        this.badItemPolicy = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /**
     * Sets the seed of the per-item random generators used by random transforms; default: the seed
     * given to DJL's {@code Engine.setRandomSeed}, or a random one if none was.
     *
     * @param seed the seed
     * @return this builder
     */
    public ConcurrentDatasetBuilder optSeed(long seed) {
        sampling.seed = seed;
        return this;
    }

    /**
     * Sets how many shards one shuffle window of shard streaming spans; default {@value
     * #DEFAULT_WINDOW_SHARDS}. A larger window mixes more shards into each batch, and holds more of
     * them in memory, whatever the batches in flight: {@link dev.asyncdataset.source.ShardedSource}
     * states the bound, and {@link LoaderStats#sourceStats()} reports it ({@code
     * peakResidentBytes}).
     *
     * @param windowShards the shards of a window, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optShuffleWindow(int windowShards) {
        sampling.windowShards = atLeast(1, windowShards, "windowShards");
        return this;
    }

    /**
     * Sets the canonical partitions of shard streaming: each epoch the shards are dealt to {@code
     * partitions} partitions, each shuffled in its own windows, and the global order interleaves
     * them, so that when the world size divides {@code partitions} each rank reads only its
     * partitions' shards (see {@link dev.asyncdataset.internal.shard.ShuffleWindows}). The order
     * depends on it, so it is saved in {@link ConcurrentDataset#iterationState()}: a resumed run
     * takes the saved value, and refuses a different one. Default: the saved value when resuming,
     * else the world size of {@link #optShard} (1 without ranks). Pick a multiple of every world
     * size the job may resume at (such as 16 for 1 to 16 ranks in powers of two); a rank holds
     * about {@code (windowShards + 1) * partitions / worldSize} shards.
     *
     * @param partitions the canonical partitions, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optCanonicalPartitions(int partitions) {
        sampling.partitions = atLeast(1, partitions, "partitions");
        return this;
    }

    /**
     * Reads a {@link dev.asyncdataset.source.ShardedSource} by random access (one read per item, in
     * a full permutation of all items, as any other source) instead of streaming its shards.
     *
     * @return this builder
     */
    public ConcurrentDatasetBuilder optRandomAccess() {
        sampling.randomAccess = true;
        return this;
    }

    /**
     * Sets transforms applied once per batch to the stacked data on the target device, by the
     * staging thread (for example: uint8 to float and normalize).
     *
     * @param devicePipeline the per-batch device pipeline
     * @return this builder
     */
    public ConcurrentDatasetBuilder optDevicePipeline(Pipeline devicePipeline) {
        this.devicePipeline = devicePipeline;
        return this;
    }

    /**
     * Sets whether configurations that allow it decode items straight into recycled host batch
     * buffers (see {@link ConcurrentDataset}); default {@code true}. {@code false} keeps the
     * per-item path everywhere, for comparison.
     *
     * @param recycleBuffers whether to recycle host batch buffers where possible
     * @return this builder
     */
    public ConcurrentDatasetBuilder optRecycleBuffers(boolean recycleBuffers) {
        this.recycleBuffers = recycleBuffers;
        return this;
    }

    /**
     * Sets the most epochs of this dataset live at once (see {@link ConcurrentDataset}); default
     * {@value #DEFAULT_MAX_LIVE_EPOCHS}: an epoch being trained on and one more read inside it,
     * such as an evaluation pass over the training set. Each live epoch holds up to what a running
     * one does.
     *
     * @param maxLiveEpochs the most live epochs, at least 1
     * @return this builder
     */
    public ConcurrentDatasetBuilder optMaxLiveEpochs(int maxLiveEpochs) {
        this.maxLiveEpochs = atLeast(1, maxLiveEpochs, "maxLiveEpochs");
        return this;
    }

    /**
     * Checks the settings and builds the dataset.
     *
     * @return the dataset
     * @throws IllegalArgumentException if no source, or more than one way of setting them, is used,
     *     or a mix is built without a batch size
     * @throws NullPointerException if no sampling is set
     */
    public ConcurrentDataset build() {
        Objects.requireNonNull(sampler, "setSampling(...) is required");
        ItemSource<?> items = sources.items();
        EpochSampler epochSampler = sampling.sampler(items);
        LoaderSpec spec =
                new LoaderSpec(
                        items,
                        ItemOrigins.ONE,
                        new Concurrency(
                                fetchers,
                                autoFetchers,
                                workers,
                                stagingDepth,
                                decodeThreads,
                                inOrder,
                                fetchMode()),
                        pipelines(items),
                        badItemPolicy == BadItemPolicy.SKIP,
                        sampling.seed != null ? sampling.seed : defaultSeed(),
                        device,
                        recycleBuffers ? new HostBuffers() : null,
                        gather());
        DatasetEpochs epochs =
                new DatasetEpochs(
                        spec,
                        epochSampler,
                        sampling.global(items, epochSampler),
                        sampling.resume,
                        maxLiveEpochs);
        return new ConcurrentDataset(this, epochs, badItemPolicy);
    }

    /**
     * In memory with no item pipeline, or gathered, items are read inline (as DJL's loader reads
     * them); else in sampler order on one thread when asked or with one fetcher; else concurrently.
     */
    private FetchMode fetchMode() {
        if (sources.inMemory() || (pipeline == null && sources.wrapsArrays()) || gather() != null) {
            return FetchMode.INLINE;
        }
        boolean sequential = sequentialFetch || (!autoFetchers && fetchers == 1);
        return sequential ? FetchMode.SEQUENTIAL : FetchMode.CONCURRENT;
    }

    /**
     * In-memory rows stacked by both batchifiers are read a batch at a time: {@code setData}'s, and
     * a wrapped {@code ArrayDataset}'s (its data pipeline then runs per batch, as in DJL's loader)
     * unless this builder adds per-item transforms.
     */
    private RowGather gather() {
        boolean stacks =
                dataBatchifier instanceof StackBatchifier
                        && labelBatchifier instanceof StackBatchifier;
        return stacks && (pipeline == null || sources.inMemory()) ? sources.gather() : null;
    }

    /** In-memory arrays are stacked first, so their item pipeline runs per batch. */
    private Pipelines pipelines(ItemSource<?> items) {
        boolean inMemory = sources.inMemory();
        return new Pipelines(
                inMemory ? null : ItemRandom.seeded(pipeline),
                dataBatchifier,
                labelBatchifier,
                inMemory ? BuildPipelines.perBatch(pipeline) : null,
                BuildPipelines.labels(items, targetPipeline),
                devicePipeline);
    }

    private static long defaultSeed() {
        Integer engineSeed = Engine.getInstance().getSeed();
        return engineSeed != null ? engineSeed : ThreadLocalRandom.current().nextLong();
    }

    private static int atLeast(int min, int value, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " < " + min + ": " + value);
        }
        return value;
    }
}
