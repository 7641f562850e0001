package dev.asyncdataset;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.training.dataset.Sampler;
import ai.djl.training.listener.TrainingListener;
import ai.djl.translate.StackBatchifier;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.decode.ItemSeeds;
import dev.asyncdataset.internal.epochs.DatasetEpochs;
import dev.asyncdataset.internal.mix.MixedSource;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * A drop-in DJL {@link RandomAccessDataset} that loads the items of each batch concurrently and
 * keeps the next batches ready on the training device. See the package documentation for the
 * pipeline, its threads and who owns which arrays.
 *
 * <pre>{@code
 * ConcurrentDataset dataset = ConcurrentDataset.builder()  // was: new ArrayDataset.Builder()
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
 *   <li>{@link ConcurrentDatasetBuilder#setData}: once per batch, on the stacked batch, as {@code
 *       ArrayDataset};
 *   <li>{@link ConcurrentDatasetBuilder#setDataset}: the wrapped dataset's own transforms, then the
 *       builder's, per item on the decode stage, as DJL's loader over that dataset; the wrapped
 *       dataset's label pipeline runs on the stacked labels before the builder's;
 *   <li>{@link ConcurrentDatasetBuilder#setSource}: per item, on the decode stage.
 * </ul>
 *
 * <p>The label pipeline ({@code optTargetPipeline}) always runs on the stacked labels. In a
 * per-item pipeline, DJL's random transforms are made to depend only on (seed, epoch, index) (see
 * {@link ItemRandom#seeded}). {@code randomSplit} and {@code subDataset} return datasets read by
 * this loader with the same options.
 *
 * <p>A {@link ShardedSource} (such as {@code TarShardSource}) is streamed by default: each epoch
 * reads each shard once, whole or in pieces, and serves its items from memory (a sharded source of
 * your own: one item at a time), in the order of {@link
 * dev.asyncdataset.internal.shard.ShuffleWindows} (shards permuted and dealt to {@link
 * ConcurrentDatasetBuilder#optCanonicalPartitions} partitions, items shuffled within windows of
 * {@link ConcurrentDatasetBuilder#optShuffleWindow} shards of a partition, partitions interleaved;
 * a pure function of seed and epoch; the seed is {@link ConcurrentDatasetBuilder#optSeed}'s or,
 * without it, the default item seed). Ranks ({@link ConcurrentDatasetBuilder#optShard}) take
 * interleaved positions of one global order, so {@link #iterationState()} resumes at another world
 * size; when the world size divides the partitions, each rank reads only its own partitions'
 * shards. A rank holds the shards of at most one window and one more shard per partition it reads,
 * in reused buffers; {@link ShardedSource} states the bound, and {@link LoaderStats#sourceStats()}
 * reports it (its {@code residentBytes} and {@code peakResidentBytes}). {@link
 * ConcurrentDatasetBuilder#optRandomAccess} reads the same source one item at a time in a full
 * permutation instead.
 *
 * <p>Several sources added with {@link ConcurrentDatasetBuilder#addSource} are mixed into each
 * epoch by their {@link SourceShare}s (see {@code dev.asyncdataset.internal.mix.Mixing}): exact
 * counts per source, interleaved through the epoch, each source in its own order (a {@link
 * ShardedSource} streamed in its windows and partitions, as above), a pure function of seed, epoch
 * and those orders; ranks take interleaved positions of that order, so {@link #iterationState()}
 * resumes at another world size. Batch indices number the items of all sources one after another
 * ({@link #get} reads them), {@link #size()} counts each item once, and {@link
 * LoaderStats#sources()} reports each source.
 *
 * <p>Batches are built one of two ways ({@link LoaderStats#bufferPath()} says which). Recycled:
 * when the source is an image source ({@link dev.asyncdataset.source.LabeledImageSource}: a folder,
 * S3, tar shards), the item pipeline is {@code ImageRecipes.training} or {@code evaluation} with
 * nothing added, the batchifiers stack and {@link ConcurrentDatasetBuilder#optRecycleBuffers} is
 * left on, each item is decoded straight into its row of a reused host batch buffer and each field
 * becomes one array per batch (aliasing the buffer on the CPU, copied once to a GPU); the buffers
 * are kept across epochs while the item shape stays the same. Per-item: every other configuration
 * (in-memory arrays, wrapped datasets, other pipelines) decodes each item into arrays of its own
 * and stacks them.
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
 * garbage collection, at most {@link ConcurrentDatasetBuilder#optMaxLiveEpochs} epochs (default 2)
 * are live at once: {@code getData} beyond that closes the live epoch advanced least recently. An
 * abandoned epoch is never advanced again, so it goes before any epoch still being read; its
 * threads stop and its arrays are freed before {@code getData} returns, and its iterator's {@code
 * hasNext} and {@code next} throw a {@link DataLoadingException} naming the cap (unless it had
 * already ended). Abandoned epochs therefore hold at most the cap times what a running epoch holds,
 * and an unreachable one is also freed by the garbage collector.
 */
public final class ConcurrentDataset extends RandomAccessDataset {

    private final DatasetEpochs epochs;
    private final DamagedParts damaged;
    private final MixShapes shapes = new MixShapes();

    ConcurrentDataset(
            ConcurrentDatasetBuilder builder, DatasetEpochs epochs, BadItemPolicy policy) {
        super(builder);
        this.epochs = epochs;
        this.damaged = new DamagedParts(policy);
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
    public static ConcurrentDatasetBuilder builder() {
        return new ConcurrentDatasetBuilder();
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
     * Returns a DJL training listener that logs, after every epoch, the trainer's wait for this
     * dataset's data and the stage that limits it, and records the figures in the trainer's {@code
     * Metrics} ({@code config.addTrainingListeners(dataset.dataWaitListener())}).
     *
     * @return a new listener for this dataset
     */
    public TrainingListener dataWaitListener() {
        return new DataWaitListener(this);
    }

    /**
     * Returns where this loader is: the epoch of the last {@code getData} call and the batches of
     * it handed to the trainer; when streaming shards, also the epoch's samples consumed by all
     * ranks together, which resumes at any world size. Meaningful for seeded sampling (see {@link
     * ConcurrentDatasetBuilder#optSeed}) in sampler order.
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
            return ItemSeeds.with(spec.seed(), 0, index, () -> spec.get(manager, index));
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
            shapes.check(
                    this,
                    mix,
                    dataBatchifier instanceof StackBatchifier
                            && labelBatchifier instanceof StackBatchifier);
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

    private static ConcurrentDatasetBuilder splitBuilder(ConcurrentDataset parent) {
        return new ConcurrentDatasetBuilder()
                .setSampling(parent.sampler)
                .optDataBatchifier(parent.dataBatchifier)
                .optLabelBatchifier(parent.labelBatchifier)
                .optPipeline(parent.pipeline)
                .optTargetPipeline(parent.targetPipeline)
                .optDevice(parent.device);
    }
}
