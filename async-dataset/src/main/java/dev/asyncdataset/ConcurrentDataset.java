package dev.asyncdataset;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.training.dataset.Sampler;
import ai.djl.translate.Pipeline;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.DjlRandomPipeline;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.Concurrency;
import dev.asyncdataset.internal.DatasetEpochs;
import dev.asyncdataset.internal.EpochSampler;
import dev.asyncdataset.internal.GlobalOrder;
import dev.asyncdataset.internal.HostBuffers;
import dev.asyncdataset.internal.LoaderSpec;
import dev.asyncdataset.internal.MixedSource;
import dev.asyncdataset.internal.Mixing;
import dev.asyncdataset.internal.Pipelines;
import dev.asyncdataset.internal.ShardStreaming;
import dev.asyncdataset.source.ArraySource;
import dev.asyncdataset.source.DatasetSource;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.SourceShare;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A drop-in DJL {@link RandomAccessDataset} that loads the items of each batch concurrently and
 * keeps the next batches ready on the training device. See the package documentation for the
 * pipeline, its threads and who owns which arrays.
 *
 * <pre>{@code
 * ConcurrentDataset dataset = new ConcurrentDataset.Builder()  // was: new ArrayDataset.Builder()
 *         .setData(features)
 *         .optLabels(labels)
 *         .setSampling(32, true)
 *         .build();
 * EasyTrain.fit(trainer, epochs, dataset, null);            // unchanged
 * }</pre>
 *
 * <p>Where the data pipeline ({@code optPipeline}, {@code addTransform}) runs depends on how the
 * dataset is built, so that each way gives DJL's batches:
 *
 * <ul>
 *   <li>{@link Builder#setData}: once per batch, on the stacked batch, as {@code ArrayDataset};
 *   <li>{@link Builder#setDataset}: the wrapped dataset's own transforms, then the builder's, per
 *       item on the decode stage, as DJL's loader over that dataset; the wrapped dataset's label
 *       pipeline runs on the stacked labels before the builder's;
 *   <li>{@link Builder#setSource}: per item, on the decode stage.
 * </ul>
 *
 * <p>The label pipeline ({@code optTargetPipeline}) always runs on the stacked labels. In a
 * per-item pipeline, DJL's random transforms are made to depend only on (seed, epoch, index) (see
 * {@link dev.asyncdataset.decode.DjlRandomPipeline}). {@code randomSplit} and {@code subDataset}
 * return datasets read by this loader with the same options.
 *
 * <p>A {@link ShardedSource} (such as {@code TarShardSource}) is streamed by default: each epoch
 * reads each shard whole once and serves its items from memory (a sharded source of your own: one
 * item at a time), in the order of {@link dev.asyncdataset.internal.shard.ShuffleWindows} (shards
 * permuted and dealt to {@link Builder#optCanonicalPartitions} partitions, items shuffled within
 * windows of {@link Builder#optShuffleWindow} shards of a partition, partitions interleaved; a pure
 * function of seed and epoch; the seed is {@link Builder#optSeed}'s or, without it, the default
 * item seed). Ranks ({@link Builder#optShard}) take interleaved positions of one global order, so
 * {@link #iterationState()} resumes at another world size; when the world size divides the
 * partitions, each rank reads only its own partitions' shards. A rank holds the shards of at most
 * two windows per partition it reads, in reused buffers; {@link ShardedSource} states the bound,
 * and {@link LoaderStats#residentBytes()} and {@link LoaderStats#peakResidentBytes()} report it.
 * {@link Builder#optRandomAccess} reads the same source one item at a time in a full permutation
 * instead.
 *
 * <p>Several sources added with {@link Builder#addSource} are mixed into each epoch by their {@link
 * dev.asyncdataset.source.SourceShare}s (see {@code dev.asyncdataset.internal.Mixing}): exact
 * counts per source, interleaved through the epoch, each source in its own order (a {@link
 * ShardedSource} streamed in its windows), a pure function of seed and epoch; ranks take
 * interleaved positions of that order, so {@link #iterationState()} resumes at another world size.
 * Batch indices number the items of all sources one after another ({@link #get} reads them), {@link
 * #size()} counts each item once, and {@link LoaderStats#sources()} reports each source.
 *
 * <p>Batches are built one of two ways ({@link LoaderStats#bufferPath()} says which). Recycled:
 * when the source is an image source ({@link dev.asyncdataset.source.LabeledImageSource}: a folder,
 * S3, tar shards), the item pipeline is {@code ImageRecipes.training} or {@code evaluation} with
 * nothing added, the batchifiers stack and {@link Builder#optRecycleBuffers} is left on, each item
 * is decoded straight into its row of a reused host batch buffer and each field becomes one array
 * per batch (aliasing the buffer on the CPU, copied once to a GPU); the buffers are kept across
 * epochs while the item shape stays the same. Per-item: every other configuration (in-memory
 * arrays, wrapped datasets, other pipelines) decodes each item into arrays of its own and stacks
 * them.
 *
 * <p>Every call to {@code getData} is one epoch, and starts its threads when its iterator is first
 * used. The executor that DJL may pass to {@code getData} is not used: the loader has its own
 * stages.
 *
 * <p>As with DJL's loader, several epochs of one dataset may be read at once, interleaved (such as
 * an evaluation pass over the training set in the middle of a training epoch): each delivers its
 * whole epoch. An epoch is live from {@code getData} until it ends (its last batch taken, a
 * failure, its iterator closed or interrupted, or the trainer's manager closed). DJL never closes
 * an epoch left with {@code break}, so to bound what abandoned epochs hold without waiting for a
 * garbage collection, at most {@link Builder#optMaxLiveEpochs} epochs (default 2) are live at once:
 * {@code getData} beyond that closes the live epoch advanced least recently. An abandoned epoch is
 * never advanced again, so it goes before any epoch still being read; its threads stop and its
 * arrays are freed before {@code getData} returns, and its iterator's {@code hasNext} and {@code
 * next} throw a {@link DataLoadingException} naming the cap (unless it had already ended).
 * Abandoned epochs therefore hold at most the cap times what a running epoch holds, and an
 * unreachable one is also freed by the garbage collector.
 */
public final class ConcurrentDataset extends RandomAccessDataset {

    private final DatasetEpochs epochs;
    private final DamagedParts damaged;
    private final MixShapes shapes = new MixShapes();

    private ConcurrentDataset(Builder builder, DatasetEpochs epochs) {
        super(builder);
        this.epochs = epochs;
        this.damaged = new DamagedParts(builder.badItemPolicy);
    }

    /** A split of {@code parent}: the same loader, options and seed over some of its items. */
    private ConcurrentDataset(ConcurrentDataset parent, long[] indices) {
        super(splitBuilder(parent));
        this.epochs = parent.epochs.split(SubsetSource.spec(parent.epochs.spec(), indices));
        this.damaged = parent.damaged;
    }

    /**
     * Returns a new builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the statistics of the current epoch, or of the last one if none is running; safe to
     * call from any thread at any time.
     *
     * @return a snapshot of the epoch's counters
     */
    public LoaderStats stats() {
        return epochs.stats();
    }

    /**
     * Returns where this loader is: the epoch of the last {@code getData} call and the batches of
     * it handed to the trainer; when streaming shards, also the epoch's samples consumed by all
     * ranks together, which resumes at any world size. Meaningful for seeded sampling (see {@link
     * Builder#optSeed}) in sampler order.
     *
     * @return the iteration state, to save with a checkpoint
     */
    public IterationState iterationState() {
        return epochs.state();
    }

    /**
     * Returns the source the items come from.
     *
     * @return the item source
     */
    public ItemSource<?> getSource() {
        return epochs.spec().source();
    }

    /**
     * Reads, decodes and transforms one item on the calling thread, with the random generator of
     * epoch 0 (DJL utilities such as {@code toArray} use this); what was fetched goes back to the
     * source once decoded.
     */
    @Override
    public Record get(NDManager manager, long index) throws IOException {
        LoaderSpec spec = epochs.spec();
        try {
            return ItemRandom.with(spec.seed(), 0, index, () -> spec.get(manager, index));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(spec.source().describe(index) + ": " + e.getMessage(), e);
        }
    }

    /** {@inheritDoc} */
    @Override
    public Iterable<Batch> getData(NDManager manager, Sampler sampler, ExecutorService unused)
            throws IOException {
        prepare();
        boolean seeded = epochs.seeded() && sampler == this.sampler;
        return epochs.start(manager, seeded ? null : sampler.sample(this), size());
    }

    /** {@inheritDoc} */
    @Override
    public void prepare(Progress progress) throws IOException {
        ItemSource<?> source = epochs.spec().source();
        source.prepare(progress);
        damaged.check(source);
        if (source instanceof MixedSource<?> mix) {
            shapes.check(this, mix);
        }
    }

    /** {@inheritDoc} */
    @Override
    public void prepare() throws IOException {
        prepare(null);
    }

    /**
     * Returns the items {@code indices[from]} to {@code indices[to - 1]} as a dataset read by this
     * loader with its options ({@code randomSplit} and {@code subDataset} call this).
     */
    @Override
    protected RandomAccessDataset newSubDataset(int[] indices, int from, int to) {
        return new ConcurrentDataset(
                this, Arrays.stream(indices, from, to).asLongStream().toArray());
    }

    /** Returns the items {@code indices} as a dataset read by this loader with its options. */
    @Override
    protected RandomAccessDataset newSubDataset(List<Long> indices) {
        return new ConcurrentDataset(this, indices.stream().mapToLong(Long::longValue).toArray());
    }

    @Override
    protected long availableSize() {
        return epochs.spec().source().size();
    }

    private static Builder splitBuilder(ConcurrentDataset parent) {
        return new Builder()
                .setSampling(parent.sampler)
                .optDataBatchifier(parent.dataBatchifier)
                .optLabelBatchifier(parent.labelBatchifier)
                .optPipeline(parent.pipeline)
                .optTargetPipeline(parent.targetPipeline)
                .optDevice(parent.device);
    }

    /**
     * Builds a {@link ConcurrentDataset}; names follow DJL's {@code RandomAccessDataset} builders.
     */
    public static final class Builder extends BaseBuilder<Builder> {

        /** The default shards of a shuffle window of shard streaming. */
        public static final int DEFAULT_WINDOW_SHARDS = 4;

        /** The default most epochs of one dataset live at once. */
        public static final int DEFAULT_MAX_LIVE_EPOCHS = 2;

        private final Set<String> sourceCalls = new LinkedHashSet<>();
        private ItemSource<?> source;
        private final List<ItemSource<?>> mixed = new ArrayList<>();
        private final List<String> mixNames = new ArrayList<>();
        private final List<SourceShare> shares = new ArrayList<>();
        private long epochSize;
        private NDArray[] data;
        private NDArray[] labels = new NDArray[0];
        private int fetchers = 256;
        private boolean autoFetchers = true;
        private int workers = 4;
        private int stagingDepth = 2;
        private int decodeThreads = Runtime.getRuntime().availableProcessors();
        private BadItemPolicy badItemPolicy = BadItemPolicy.FAIL;
        private boolean inOrder = true;
        private Long seed;
        private int batchSize;
        private boolean shuffle;
        private boolean dropLast;
        private int rank;
        private int worldSize = 1;
        private boolean dropRemainder;
        private IterationState resume;
        private Pipeline devicePipeline;
        private int windowShards = DEFAULT_WINDOW_SHARDS;
        private Integer partitions;
        private boolean randomAccess;
        private boolean recycleBuffers = true;
        private int maxLiveEpochs = DEFAULT_MAX_LIVE_EPOCHS;

        /**
         * Creates a builder, as {@code new ArrayDataset.Builder()} does; the same as {@link
         * ConcurrentDataset#builder()}.
         */
        public Builder() {
            AsyncBatchifier batchifier = new AsyncBatchifier();
            dataBatchifier = batchifier;
            labelBatchifier = batchifier;
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
        public Builder setSampling(int batchSize, boolean random, boolean dropLast) {
            this.batchSize = atLeast(1, batchSize, "batchSize");
            this.shuffle = random;
            this.dropLast = dropLast;
            return super.setSampling(batchSize, random, dropLast);
        }

        /**
         * Sets a sampler of your own; seeded sampling, sharding and resuming then do not apply.
         *
         * @param sampler the sampler
         * @return this builder
         */
        @Override
        public Builder setSampling(Sampler sampler) {
            this.batchSize = 0;
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
        public Builder optShard(int rank, int worldSize) {
            this.worldSize = atLeast(1, worldSize, "worldSize");
            if (rank < 0 || rank >= worldSize) {
                throw new IllegalArgumentException("rank not in [0, " + worldSize + "): " + rank);
            }
            this.rank = rank;
            return self();
        }

        /**
         * Drops the items that do not divide evenly among the shards, instead of repeating some.
         *
         * @return this builder
         */
        public Builder optShardDropRemainder() {
            this.dropRemainder = true;
            return self();
        }

        /**
         * Resumes a seeded run where {@code state} (saved from {@link
         * ConcurrentDataset#iterationState()}) left it: the first epoch is {@code state.epoch()}
         * without its first {@code state.batches()} batches. When streaming shards, it starts at
         * the global position {@code state.samples()} instead, whatever the world size the state
         * was saved at. Also sets the seed.
         *
         * @param state the saved state
         * @return this builder
         */
        public Builder optResumeFrom(IterationState state) {
            this.resume = Objects.requireNonNull(state, "state");
            this.seed = state.seed();
            return self();
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
        public Builder setData(NDArray... data) {
            if (data == null || data.length == 0) {
                throw new IllegalArgumentException("Please pass in at least one data");
            }
            this.data = data.clone();
            sourceCalls.add("setData");
            return self();
        }

        /**
         * Sets in-memory labels for {@link #setData}, as {@code ArrayDataset.Builder.optLabels}.
         *
         * @param labels the label arrays, with the data's first dimension
         * @return this builder
         */
        public Builder optLabels(NDArray... labels) {
            this.labels = Objects.requireNonNull(labels, "optLabels: labels is null").clone();
            return self();
        }

        /**
         * Sets an existing dataset to read items from; its {@code get} runs on the fetch stage,
         * then its own data pipeline (for example an {@code ImageFolder}'s {@code addTransform}s)
         * runs per item and this builder's after it, as DJL's loader over that dataset does.
         *
         * @param dataset the dataset to wrap
         * @return this builder
         * @throws NullPointerException if {@code dataset} is null
         */
        public Builder setDataset(RandomAccessDataset dataset) {
            Objects.requireNonNull(dataset, "setDataset: dataset is null");
            this.source = new DatasetSource(dataset);
            sourceCalls.add("setDataset");
            return self();
        }

        /**
         * Sets where the items come from: a folder, S3, or a source of your own. The data pipeline
         * then runs per item, on the decode stage.
         *
         * @param source the item source
         * @return this builder
         * @throws NullPointerException if {@code source} is null
         */
        public Builder setSource(ItemSource<?> source) {
            this.source = Objects.requireNonNull(source, "setSource: source is null");
            sourceCalls.add("setSource");
            return self();
        }

        /**
         * Adds one source of a mix: each epoch then interleaves the sources' items by their shares
         * (see the class documentation), and the data pipeline runs per item, on the decode stage.
         * The source is named {@code "source <i> (<its class>)"} in keys and statistics, {@code i}
         * counting from 0 in the order sources are added.
         *
         * @param source the item source, of any store
         * @param share how much of it an epoch takes
         * @return this builder
         * @throws NullPointerException if {@code source} or {@code share} is null
         */
        public Builder addSource(ItemSource<?> source, SourceShare share) {
            Objects.requireNonNull(source, "addSource: source is null");
            String name = "source " + mixed.size() + " (" + source.getClass().getSimpleName() + ")";
            return addSource(name, source, share);
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
         * @throws IllegalArgumentException if the name is blank or taken, or the share is a
         *     proportion where absolute shares were added, or the other way round
         */
        public Builder addSource(String name, ItemSource<?> source, SourceShare share) {
            Objects.requireNonNull(name, "addSource: name is null");
            Objects.requireNonNull(source, "addSource: source is null");
            Objects.requireNonNull(share, "addSource: share is null");
            if (name.isBlank() || mixNames.contains(name)) {
                throw new IllegalArgumentException(
                        "addSource: name blank or taken: '" + name + "'");
            }
            List<SourceShare> checked = new ArrayList<>(shares);
            checked.add(share);
            MixedSource.checkShares(checked);
            mixed.add(source);
            mixNames.add(name);
            shares.add(share);
            sourceCalls.add("addSource");
            return self();
        }

        /**
         * Sets the items of an epoch of a mix: proportions share it by weight, and absolute shares
         * are scaled to it as weights; default: the sum of the absolute shares, or with proportions
         * all sources' items.
         *
         * @param epochSize the items per epoch, at least 1
         * @return this builder
         */
        public Builder optEpochSize(long epochSize) {
            if (epochSize < 1) {
                throw new IllegalArgumentException("epochSize < 1: " + epochSize);
            }
            this.epochSize = epochSize;
            return self();
        }

        /**
         * Fixes the most item reads in flight at once, over all batches, instead of AUTO. The
         * loader then also keeps exactly {@link #optWorkers workers} batches in flight.
         *
         * @param fetchers the fetch concurrency, at least 1
         * @return this builder
         */
        public Builder optFetchers(int fetchers) {
            this.fetchers = atLeast(1, fetchers, "fetchers");
            this.autoFetchers = false;
            return self();
        }

        /**
         * Lets the fetch concurrency follow the storage (the default, with at most 256): by
         * Little's law, twice the items the decode stage can take per second times the mean fetch
         * latency, recomputed as the loader runs, between 16 and {@code maxFetchers}. The loader
         * keeps enough batches in flight to feed it: {@code max(workers, ceil(limit / batch size) +
         * 1)}, so host memory stays bounded by {@code max(workers, ceil(maxFetchers / batch size) +
         * 1)} batches (with batch 256 and 4 workers, 4 batches of 256 items).
         *
         * @param maxFetchers the most item reads in flight at once, at least 1
         * @return this builder
         */
        public Builder optAutoFetchers(int maxFetchers) {
            this.fetchers = atLeast(1, maxFetchers, "maxFetchers");
            this.autoFetchers = true;
            return self();
        }

        /**
         * Sets the batches being fetched and decoded at once; default 4: exactly that many with
         * {@link #optFetchers}, at least that many under AUTO ({@link #optAutoFetchers}).
         *
         * @param workers the batches in flight, at least 1
         * @return this builder
         */
        public Builder optWorkers(int workers) {
            this.workers = atLeast(1, workers, "workers");
            return self();
        }

        /**
         * Sets the batches DJL's loader would prepare ahead: here, as {@link #optWorkers}, the most
         * batches being fetched and decoded at once (the staged batches are set by {@link
         * #optStagingDepth}).
         *
         * @param prefetchNumber the batches in flight, at least 1
         * @return this builder
         */
        @Override
        public Builder optPrefetchNumber(int prefetchNumber) {
            optWorkers(prefetchNumber);
            return super.optPrefetchNumber(prefetchNumber);
        }

        /**
         * Sets the most batches kept ready on the device, counting the one the trainer holds;
         * default 2 (double buffering).
         *
         * @param stagingDepth the staged batches, at least 1
         * @return this builder
         */
        public Builder optStagingDepth(int stagingDepth) {
            this.stagingDepth = atLeast(1, stagingDepth, "stagingDepth");
            return self();
        }

        /**
         * Sets the threads of the CPU decode stage; default: the number of cores.
         *
         * @param decodeThreads the decode threads, at least 1
         * @return this builder
         */
        public Builder optDecodeThreads(int decodeThreads) {
            this.decodeThreads = atLeast(1, decodeThreads, "decodeThreads");
            return self();
        }

        /**
         * Sets whether batches are handed out in sampler order (the default). With {@code false},
         * whichever batch in flight is ready first is handed out, so one slow item does not stall
         * the batches behind it; the order then depends on timing, so runs are no longer
         * reproducible batch for batch (each batch still holds the same items).
         *
         * @param inOrder whether to keep sampler order
         * @return this builder
         */
        public Builder optInOrder(boolean inOrder) {
            this.inOrder = inOrder;
            return self();
        }

        /**
         * Sets what to do with items that cannot be read; default {@link BadItemPolicy#FAIL}.
         *
         * @param policy the bad-item policy
         * @return this builder
         */
        public Builder optBadItemPolicy(BadItemPolicy policy) {
            this.badItemPolicy = Objects.requireNonNull(policy, "policy");
            return self();
        }

        /**
         * Sets the seed of the per-item random generators used by random transforms; default: the
         * seed given to DJL's {@code Engine.setRandomSeed}, or a random one if none was.
         *
         * @param seed the seed
         * @return this builder
         */
        public Builder optSeed(long seed) {
            this.seed = seed;
            return self();
        }

        /**
         * Sets how many shards one shuffle window of shard streaming spans; default {@value
         * #DEFAULT_WINDOW_SHARDS}. A larger window mixes more shards into each batch, and holds
         * more of them in memory: a rank holds at most {@code 2 * windowShards} shards per
         * canonical partition it reads (the windows being read and the next ones, read ahead), each
         * in a buffer of the largest shard's length that the source reuses across shards and
         * epochs. With one rank, or as many ranks as partitions (the default), that is at most
         * {@code 2 * windowShards * largestShardBytes} bytes, whatever the batches in flight: 256
         * MB for the default window and 32 MB shards, 1 GiB for the shard writer's default 128 MB
         * shards. {@link LoaderStats#peakResidentBytes()} reports it; see {@link
         * dev.asyncdataset.source.ShardedSource} for the bound with other partition counts.
         *
         * @param windowShards the shards of a window, at least 1
         * @return this builder
         */
        public Builder optShuffleWindow(int windowShards) {
            this.windowShards = atLeast(1, windowShards, "windowShards");
            return self();
        }

        /**
         * Sets the canonical partitions of shard streaming: each epoch the shards are dealt to
         * {@code partitions} partitions, each shuffled in its own windows, and the global order
         * interleaves them, so that when the world size divides {@code partitions} each rank reads
         * only its partitions' shards (see {@link dev.asyncdataset.internal.shard.ShuffleWindows}).
         * The order depends on it, so it is saved in {@link ConcurrentDataset#iterationState()}: a
         * resumed run takes the saved value, and refuses a different one. Default: the saved value
         * when resuming, else the world size of {@link #optShard} (1 without ranks). Pick a
         * multiple of every world size the job may resume at (such as 16 for 1 to 16 ranks in
         * powers of two); a rank holds about {@code 2 * windowShards * partitions / worldSize}
         * shards.
         *
         * @param partitions the canonical partitions, at least 1
         * @return this builder
         */
        public Builder optCanonicalPartitions(int partitions) {
            this.partitions = atLeast(1, partitions, "partitions");
            return self();
        }

        /**
         * Reads a {@link dev.asyncdataset.source.ShardedSource} by random access (one read per
         * item, in a full permutation of all items, as any other source) instead of streaming whole
         * shards.
         *
         * @return this builder
         */
        public Builder optRandomAccess() {
            this.randomAccess = true;
            return self();
        }

        /**
         * Sets transforms applied once per batch to the stacked data on the target device, by the
         * staging thread (for example: uint8 to float and normalize).
         *
         * @param devicePipeline the per-batch device pipeline
         * @return this builder
         */
        public Builder optDevicePipeline(Pipeline devicePipeline) {
            this.devicePipeline = devicePipeline;
            return self();
        }

        /**
         * Sets whether configurations that allow it decode items straight into recycled host batch
         * buffers (see the class documentation); default {@code true}. {@code false} keeps the
         * per-item path everywhere, for comparison.
         *
         * @param recycleBuffers whether to recycle host batch buffers where possible
         * @return this builder
         */
        public Builder optRecycleBuffers(boolean recycleBuffers) {
            this.recycleBuffers = recycleBuffers;
            return self();
        }

        /**
         * Sets the most epochs of this dataset live at once (see the class documentation); default
         * {@value #DEFAULT_MAX_LIVE_EPOCHS}: an epoch being trained on and one more read inside it,
         * such as an evaluation pass over the training set. Each live epoch holds up to what a
         * running one does.
         *
         * @param maxLiveEpochs the most live epochs, at least 1
         * @return this builder
         */
        public Builder optMaxLiveEpochs(int maxLiveEpochs) {
            this.maxLiveEpochs = atLeast(1, maxLiveEpochs, "maxLiveEpochs");
            return self();
        }

        /**
         * Checks the settings and builds the dataset.
         *
         * @return the dataset
         * @throws IllegalArgumentException if no source, or more than one way of setting them, is
         *     used, or a mix is built without a batch size
         * @throws NullPointerException if no sampling is set
         */
        public ConcurrentDataset build() {
            Objects.requireNonNull(sampler, "setSampling(...) is required");
            if (sourceCalls.size() != 1) {
                throw new IllegalArgumentException(
                        "set exactly one of setData, setDataset, setSource and addSource; called: "
                                + (sourceCalls.isEmpty() ? "none" : sourceCalls));
            }
            ItemSource<?> items = items();
            boolean seeded = seed != null && batchSize > 0;
            if ((worldSize > 1 || resume != null) && !seeded) {
                throw new IllegalArgumentException(
                        "optShard and optResumeFrom need optSeed and "
                                + "setSampling(batchSize, shuffle[, dropLast])");
            }
            boolean mix = items instanceof MixedSource;
            if (mix && batchSize == 0) {
                throw new IllegalArgumentException(
                        "addSource needs setSampling(batchSize, shuffle[, dropLast])");
            }
            boolean streamed = items instanceof ShardedSource && !randomAccess && batchSize > 0;
            EpochSampler epochSampler =
                    seeded || streamed || mix
                            ? new EpochSampler(
                                    batchSize, shuffle, dropLast, rank, worldSize, dropRemainder)
                            : null;
            LoaderSpec spec =
                    new LoaderSpec(
                            items,
                            new Concurrency(
                                    fetchers,
                                    autoFetchers,
                                    workers,
                                    stagingDepth,
                                    decodeThreads,
                                    inOrder),
                            pipelines(items),
                            badItemPolicy == BadItemPolicy.SKIP,
                            seed != null ? seed : defaultSeed(),
                            device,
                            recycleBuffers ? new HostBuffers() : null);
            int dealt = ShardStreaming.partitions(partitions, resume, worldSize);
            GlobalOrder global =
                    streamed
                            ? new ShardStreaming(
                                    (ShardedSource<?>) items, windowShards, dealt, epochSampler)
                            : mix
                                    ? new Mixing(
                                            (MixedSource<?>) items,
                                            epochSampler,
                                            windowShards,
                                            dealt,
                                            randomAccess)
                                    : null;
            return new ConcurrentDataset(
                    this, new DatasetEpochs(spec, epochSampler, global, resume, maxLiveEpochs));
        }

        /** The one source that was set, or the mix of the added ones. */
        private ItemSource<?> items() {
            if (epochSize > 0 && mixed.isEmpty()) {
                throw new IllegalArgumentException("optEpochSize needs addSource");
            }
            if (data != null) {
                return new ArraySource(data, labels);
            }
            return mixed.isEmpty() ? source : MixedSource.of(mixed, mixNames, shares, epochSize);
        }

        /** In-memory arrays are stacked first, so their item pipeline runs per batch. */
        private Pipelines pipelines(ItemSource<?> items) {
            return new Pipelines(
                    data != null ? null : DjlRandomPipeline.seeded(pipeline),
                    dataBatchifier,
                    labelBatchifier,
                    data != null ? BuildPipelines.perBatch(pipeline) : null,
                    BuildPipelines.labels(items, targetPipeline),
                    devicePipeline);
        }

        @Override
        protected Builder self() {
            return this;
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
}
