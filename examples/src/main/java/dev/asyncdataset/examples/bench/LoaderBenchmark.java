package dev.asyncdataset.examples.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.examples.DataRole;
import dev.asyncdataset.examples.DjlExecutor;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.TrainingData;
import dev.asyncdataset.examples.TrainingSettings;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.timeline.TimelineRecording;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One loader configuration, loader only (no training step), in this process: warm-up epochs for
 * {@code --warmup-seconds} (the JIT compiles the S3 client's request path for a minute or more),
 * then {@code --epochs} measured ones, each cut at {@code --max-steps} batches or {@code
 * --max-seconds}, every batch closed as soon as it arrives. Prints one {@code RESULT {...}} JSON
 * line for the benchmark suite ({@code examples/bench/suite.py}): the steady rate of each measured
 * epoch (images after the skipped batches over the time since them), the first batch's wait in
 * every epoch, warm-up included (the first is the cold one), the most batches the loader held at
 * once, in flight and staged, and the images and bytes fetched over all epochs, warm-up included
 * (bytes: ConcurrentDataset's count, 0 for other loaders), and for ConcurrentDataset how batches
 * were built ({@code buffer_path}: recycled or per-item, chosen with {@code --recycle-buffers
 * true|false}), the recycled host bytes held and the most bytes of shard buffers an epoch held
 * (shard streaming), and what the kernel counted over the measured epochs ({@link KernelCounts}:
 * their wall time, minor page faults, user and system CPU time of the process) and the heap bytes
 * all threads allocated over them ({@link HeapAllocation}). Options: those of {@code TrainResNet},
 * plus
 *
 * <pre>
 * --max-seconds S (20)  --skip N (1)  --warmup-seconds S (0)
 * --in-memory true|false (true: read the folder into memory first, for the CPU-bound ceiling)
 * --constant-batch true|false (true: no loader, one constant batch normalized per step: the floor)
 * --record FILE (none: record the loader's JFR events, warm-up included, into FILE)
 * --gpus 0|1 (0: batches staged on the CPU; 1: on the first GPU, adding the fields of
 *     {@link GpuCounters})
 * </pre>
 *
 * <p>Prints {@code EPOCH n} after each epoch, so that a memory sampler can follow the epochs.
 */
public final class LoaderBenchmark {

    /** Batches measured at least, past the skipped ones, before the time limit may end an epoch. */
    private static final int MIN_MEASURED = 4;

    private LoaderBenchmark() {}

    /**
     * Runs the configuration and prints its result line.
     *
     * @param args the options
     * @throws Exception if the data cannot be read or loading fails
     */
    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args, defaults());
        TrainingSettings settings = TrainingSettings.from(options);
        long maxNanos = (long) (options.integer("max-seconds") * 1e9);
        S3Connection connection = S3Connection.withDefaultCredentials(settings.endpoint());
        String record = options.text("record");
        Device device = settings.gpus() == 0 ? Device.cpu() : Engine.getInstance().getDevices(1)[0];
        GpuCounters gpu = device.isGpu() ? new GpuCounters(device) : null;
        try (NDManager manager = NDManager.newBaseManager(device);
                AutoCloseable data = open(settings, options, connection, device);
                TimelineRecording recording = record.isEmpty() ? null : TimelineRecording.start()) {
            Dataset dataset = dataset(data);
            List<Epoch> all = new ArrayList<>();
            long warmupEnd = System.nanoTime() + (long) (options.integer("warmup-seconds") * 1e9);
            while (System.nanoTime() < warmupEnd) {
                all.add(runEpoch(dataset, settings, options, manager, maxNanos, gpu));
                System.out.println("EPOCH " + all.size());
            }
            int warmupEpochs = all.size();
            KernelCounts before = KernelCounts.now();
            long allocatedBefore = HeapAllocation.total();
            long measuredStart = System.nanoTime();
            for (int epoch = 0; epoch < settings.epochs(); epoch++) {
                all.add(runEpoch(dataset, settings, options, manager, maxNanos, gpu));
                System.out.println("EPOCH " + all.size());
            }
            double measuredSeconds = (System.nanoTime() - measuredStart) / 1e9;
            KernelCounts counts = KernelCounts.now().since(before);
            long allocated = HeapAllocation.total() - allocatedBefore;
            if (recording != null) {
                recording.stopAndDump(Path.of(record));
            }
            String fields = counts.jsonFields(measuredSeconds);
            if (gpu != null) {
                fields += ", " + gpu.jsonFields(settings.batchSize(), settings.imageSize());
            }
            System.out.println("RESULT " + json(all, warmupEpochs, dataset, fields, allocated));
        }
        System.exit(0);
    }

    private static Map<String, String> defaults() {
        Map<String, String> defaults = TrainingSettings.defaults();
        defaults.putAll(BenchDefaults.cutEpochs(20, 0));
        defaults.putAll(
                Options.defaults(
                        "--epochs 3 --gpus 0 --in-memory false --skip 1 --constant-batch false"
                                + " --record ''"));
        return defaults;
    }

    /**
     * The training data, or with {@code --constant-batch true} no loader ({@link ConstantBatches}).
     */
    private static AutoCloseable open(
            TrainingSettings settings, Options options, S3Connection connection, Device device)
            throws Exception {
        if (options.flag("constant-batch")) {
            long items =
                    FolderSource.builder()
                            .setLocation(Path.of(settings.data()).toString())
                            .build()
                            .size();
            return new ConstantBatches(settings.batchSize(), settings.imageSize(), items);
        }
        if (!options.flag("in-memory")) {
            return TrainingData.open(settings, connection, device);
        }
        InMemoryFolder source =
                InMemoryFolder.load(
                        FolderSource.builder()
                                .setLocation(Path.of(settings.data()).toString())
                                .build());
        return new TrainingData(
                TrainingData.concurrent(settings, source, device, DataRole.TRAINING), 0, source);
    }

    private static Dataset dataset(AutoCloseable data) {
        return data instanceof TrainingData training ? training.dataset() : (Dataset) data;
    }

    private static Epoch runEpoch(
            Dataset dataset,
            TrainingSettings settings,
            Options options,
            NDManager manager,
            long maxNanos,
            GpuCounters gpu)
            throws Exception {
        try (NDManager epochManager = manager.newSubManager();
                DjlExecutor executor = DjlExecutor.of(settings)) {
            long start = System.nanoTime();
            Iterator<Batch> batches = dataset.getData(epochManager, executor.service()).iterator();
            int skip = options.integer("skip");
            double firstMillis = 0;
            long windowStart = 0;
            long windowImages = 0;
            long images = 0;
            int[] held = new int[2];
            for (int step = 0; step < settings.maxSteps() && batches.hasNext(); step++) {
                try (Batch batch = batches.next()) {
                    long now = System.nanoTime();
                    firstMillis = step == 0 ? (now - start) / 1e6 : firstMillis;
                    windowStart = step == skip - 1 ? now : windowStart;
                    windowImages += step >= skip ? batch.getSize() : 0;
                    images += batch.getSize();
                }
                if (gpu != null) {
                    gpu.sample();
                }
                heldBatches(dataset, settings, held);
                if (System.nanoTime() - start > maxNanos && step >= skip + MIN_MEASURED) {
                    break;
                }
            }
            double rate = windowImages / ((System.nanoTime() - windowStart) / 1e9);
            LoaderStats stats = dataset instanceof ConcurrentDataset c ? c.stats() : null;
            long bytes = stats != null ? stats.bytes() : 0;
            long shards = stats != null ? stats.sourceStats().peakResidentBytes() : 0;
            return new Epoch(rate, firstMillis, images, bytes, shards, held[0], held[1]);
        }
    }

    /**
     * Raises {@code held} to the batches the loader holds besides the trainer's: in flight (being
     * fetched or decoded) and staged (ready); measured for ConcurrentDataset, DJL's prefetch bound
     * otherwise.
     */
    private static void heldBatches(Dataset dataset, TrainingSettings settings, int[] held) {
        if (dataset instanceof ConcurrentDataset concurrent) {
            LoaderStats stats = concurrent.stats();
            held[0] = Math.max(held[0], stats.batchesInFlight());
            held[1] = Math.max(held[1], stats.batchesReady());
        } else {
            held[0] = Math.max(1, settings.djlThreads());
        }
    }

    private static String json(
            List<Epoch> all,
            int warmupEpochs,
            Dataset dataset,
            String kernelCounts,
            long allocatedBytes) {
        List<Epoch> epochs = all.subList(warmupEpochs, all.size());
        LoaderStats stats = dataset instanceof ConcurrentDataset c ? c.stats() : null;
        return String.format(
                Locale.ROOT,
                "{\"rates\": %s, \"first_batch_ms\": %s, \"images\": %s, "
                        + "\"warmup_epochs\": %d, \"batches_in_flight\": %d, "
                        + "\"batches_staged\": %d, \"total_images\": %d, \"total_bytes\": %d, "
                        + "\"buffer_path\": \"%s\", \"host_buffer_mb\": %.1f, "
                        + "\"peak_shard_buffer_mb\": %.1f, \"allocated_bytes\": %d, %s}",
                list(epochs, Epoch::rate),
                list(all, Epoch::firstBatchMillis),
                list(epochs, e -> (double) e.images()),
                warmupEpochs,
                epochs.stream().mapToInt(Epoch::inFlight).max().orElse(0),
                epochs.stream().mapToInt(Epoch::staged).max().orElse(0),
                all.stream().mapToLong(Epoch::images).sum(),
                all.stream().mapToLong(Epoch::bytes).sum(),
                stats != null ? stats.bufferPath() : "n/a",
                stats != null ? stats.hostBytesHeld() / 1e6 : 0,
                all.stream().mapToLong(Epoch::shardBytes).max().orElse(0) / 1e6,
                allocatedBytes,
                kernelCounts);
    }

    private static String list(List<Epoch> epochs, ToDoubleFunction<Epoch> f) {
        return epochs.stream()
                .map(e -> String.format(Locale.ROOT, "%.2f", f.applyAsDouble(e)))
                .toList()
                .toString();
    }

    /** One epoch's measurements. */
    private record Epoch(
            double rate,
            double firstBatchMillis,
            long images,
            long bytes,
            long shardBytes,
            int inFlight,
            int staged) {}
}
