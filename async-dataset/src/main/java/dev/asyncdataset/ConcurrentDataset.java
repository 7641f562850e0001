package dev.asyncdataset;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.training.dataset.Sampler;
import ai.djl.translate.Pipeline;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.internal.BatchIterable;
import dev.asyncdataset.internal.LoaderSpec;
import dev.asyncdataset.internal.StatsCounter;
import dev.asyncdataset.source.ArraySource;
import dev.asyncdataset.source.DatasetSource;
import dev.asyncdataset.source.ItemSource;
import ai.djl.engine.Engine;
import java.util.concurrent.ThreadLocalRandom;
import java.util.Objects;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A drop-in DJL {@link RandomAccessDataset} that loads the items of each batch concurrently and
 * keeps the next batches ready on the training device. See the package documentation for the
 * pipeline, its threads and who owns which arrays.
 *
 * <pre>{@code
 * ConcurrentDataset dataset = ConcurrentDataset.builder()   // was: new ArrayDataset.Builder()
 *         .setData(features)
 *         .optLabels(labels)
 *         .setSampling(32, true)
 *         .build();
 * EasyTrain.fit(trainer, epochs, dataset, null);            // unchanged
 * }</pre>
 *
 * <p>Every call to {@code getData} is one epoch, and starts its threads when its iterator is first
 * used. The executor that DJL may pass to {@code getData} is not used: the loader has its own
 * stages.
 */
public final class ConcurrentDataset extends RandomAccessDataset {

    private final LoaderSpec spec;
    private final AtomicLong epochs = new AtomicLong();
    private final AtomicReference<StatsCounter> epochStats =
            new AtomicReference<>(new StatsCounter(0));

    ConcurrentDataset(Builder builder, LoaderSpec spec) {
        super(builder);
        this.spec = spec;
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
     * Returns the statistics of the current epoch, or of the last one if none is running; safe
     * to call from any thread at any time.
     *
     * @return a snapshot of the epoch's counters
     */
    public LoaderStats stats() {
        return LoaderStats.of(epochStats.get().snapshot(), spec.source());
    }

    /**
     * Returns the source the items come from.
     *
     * @return the item source
     */
    public ItemSource<?> getSource() {
        return spec.source();
    }

    /**
     * Reads, decodes and transforms one item on the calling thread, with the random generator of
     * epoch 0 (DJL utilities such as {@code toArray} use this).
     */
    @Override
    public Record get(NDManager manager, long index) throws IOException {
        try {
            return ItemRandom.with(spec.seed(), 0, index, () -> read(manager, index));
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
        StatsCounter stats = new StatsCounter(epochs.getAndIncrement());
        epochStats.set(stats);
        return new BatchIterable(spec, manager, sampler.sample(this), size(), stats);
    }

    /** {@inheritDoc} */
    @Override
    public void prepare(Progress progress) throws IOException {
        spec.source().prepare(progress);
    }

    /** {@inheritDoc} */
    @Override
    public void prepare() throws IOException {
        prepare(null);
    }

    @Override
    protected long availableSize() {
        return spec.source().size();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Record read(NDManager manager, long index) throws Exception {
        ItemSource source = spec.source();
        Record record = source.decode(manager, index, source.fetch(manager, index));
        Pipeline pipeline = spec.pipeline();
        if (pipeline == null) {
            return record;
        }
        NDList data = pipeline.transform(record.getData());
        return new Record(data, record.getLabels());
    }

    /** Builds a {@link ConcurrentDataset}; names follow DJL's {@code RandomAccessDataset} builders. */
    public static final class Builder extends BaseBuilder<Builder> {

        private ItemSource<?> source;
        private NDArray[] data;
        private NDArray[] labels = new NDArray[0];
        private int fetchers = 64;
        private int workers = 4;
        private int stagingDepth = 2;
        private int decodeThreads = Runtime.getRuntime().availableProcessors();
        private BadItemPolicy badItemPolicy = BadItemPolicy.FAIL;
        private boolean inOrder = true;
        private Long seed;
        private Pipeline devicePipeline;

        Builder() {
            AsyncBatchifier batchifier = new AsyncBatchifier();
            dataBatchifier = batchifier;
            labelBatchifier = batchifier;
        }

        /**
         * Sets in-memory data, as {@code ArrayDataset.Builder.setData} does: item {@code i} is
         * row {@code i} of every array.
         *
         * @param data the data arrays, all with the same first dimension
         * @return this builder
         */
        public Builder setData(NDArray... data) {
            this.data = data.clone();
            return self();
        }

        /**
         * Sets in-memory labels for {@link #setData}, as {@code ArrayDataset.Builder.optLabels}.
         *
         * @param labels the label arrays, with the data's first dimension
         * @return this builder
         */
        public Builder optLabels(NDArray... labels) {
            this.labels = labels.clone();
            return self();
        }

        /**
         * Sets an existing dataset to read items from; its {@code get} runs on the fetch stage.
         *
         * @param dataset the dataset to wrap
         * @return this builder
         */
        public Builder setDataset(RandomAccessDataset dataset) {
            return setSource(new DatasetSource(dataset));
        }

        /**
         * Sets where the items come from: a folder, S3, or a source of your own.
         *
         * @param source the item source
         * @return this builder
         */
        public Builder setSource(ItemSource<?> source) {
            this.source = source;
            return self();
        }

        /**
         * Sets the most item reads in flight at once, over all batches; default 64.
         *
         * @param fetchers the fetch concurrency, at least 1
         * @return this builder
         */
        public Builder optFetchers(int fetchers) {
            this.fetchers = atLeast(1, fetchers, "fetchers");
            return self();
        }

        /**
         * Sets the most batches being fetched and decoded at once; default 4.
         *
         * @param workers the batches in flight, at least 1
         * @return this builder
         */
        public Builder optWorkers(int workers) {
            this.workers = atLeast(1, workers, "workers");
            return self();
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
         * Sets transforms applied once per batch to the stacked data on the target device, by
         * the staging thread (for example: uint8 to float and normalize).
         *
         * @param devicePipeline the per-batch device pipeline
         * @return this builder
         */
        public Builder optDevicePipeline(Pipeline devicePipeline) {
            this.devicePipeline = devicePipeline;
            return self();
        }

        /**
         * Checks the settings and builds the dataset.
         *
         * @return the dataset
         * @throws IllegalArgumentException if no source, or more than one, is set
         * @throws NullPointerException if no sampling is set
         */
        public ConcurrentDataset build() {
            Objects.requireNonNull(sampler, "setSampling(...) is required");
            if ((data == null) == (source == null)) {
                throw new IllegalArgumentException(
                        "set exactly one of setData, setDataset and setSource");
            }
            ItemSource<?> items = data != null ? new ArraySource(data, labels) : source;
            long itemSeed = seed != null ? seed : defaultSeed();
            LoaderSpec spec = new LoaderSpec(items, fetchers, workers, stagingDepth, decodeThreads,
                    inOrder, badItemPolicy, itemSeed, dataBatchifier, labelBatchifier, pipeline,
                    targetPipeline, devicePipeline, device);
            return new ConcurrentDataset(this, spec);
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
