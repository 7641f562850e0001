package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.source.ShardedSource;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * How well shard streaming's shuffle windows ({@code optShuffleWindow}) mix classes into batches,
 * against the window size K: for shards written class by class (as {@code ShardWriter} writes an
 * image folder) and for shards written in a random order, the share of same-class pairs within a
 * batch and the label entropy per batch, for K = 1, 2, 4, 8, 16 shards and all shards (a full
 * permutation). No data: a {@code ConcurrentDataset} streams a sharded source whose items are their
 * own positions, and each batch's positions are looked up in the two label orders. The defaults are
 * ImageNet's shape (1000 classes of 1281 images, about 1165 images of 110 KB in a 128 MB shard,
 * batch 256). Means over {@code --epochs} epochs of full batches; prints a Markdown table. Options:
 *
 * <pre>
 * --classes 1000  --per-class 1281  --shard-samples 1165  --batch-size 256  --epochs 3  --seed 0
 * </pre>
 */
public final class ShuffleQuality {

    private static final int[] WINDOWS = {1, 2, 4, 8, 16};

    private ShuffleQuality() {}

    /**
     * Computes and prints the table.
     *
     * @param args the options
     * @throws IOException if an epoch cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static void main(String[] args) throws IOException, TranslateException {
        Options options = Options.parse(args, defaults());
        int classes = options.integer("classes");
        int total = classes * options.integer("per-class");
        int[] classOrdered = IntStream.range(0, total).map(i -> i / (total / classes)).toArray();
        int[] randomOrdered = shuffled(classOrdered, options.integer("seed"));
        Positions positions = new Positions(total, options.integer("shard-samples"));
        System.out.printf(
                Locale.ROOT,
                "%d samples, %d classes, %d shards of %d, batch %d, mean of %d epochs%n%n",
                total,
                classes,
                positions.shardSizes().length,
                options.integer("shard-samples"),
                options.integer("batch-size"),
                options.integer("epochs"));
        System.out.println(
                "| K (shards per window) | samples per window | class-ordered shards:"
                        + " same-class pairs | label entropy | random-ordered shards:"
                        + " same-class pairs | label entropy |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        int shards = positions.shardSizes().length;
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int k : windows(shards)) {
                BatchMixing ordered = new BatchMixing(classOrdered, classes);
                BatchMixing random = new BatchMixing(randomOrdered, classes);
                ConcurrentDataset dataset = streamed(positions, k, options);
                for (int epoch = 0; epoch < options.integer("epochs"); epoch++) {
                    for (Batch batch : dataset.getData(manager)) {
                        long[] items = batch.getData().head().toLongArray();
                        batch.close();
                        ordered.add(items);
                        random.add(items);
                    }
                }
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %d | %.3f %% | %.2f bits | %.3f %% | %.2f bits |%n",
                        k == shards ? "all " + k + " (full permutation)" : k,
                        Math.min(total, (long) k * options.integer("shard-samples")),
                        100 * ordered.sameClassPairs(),
                        ordered.entropyBits(),
                        100 * random.sameClassPairs(),
                        random.entropyBits());
            }
        }
    }

    private static Map<String, String> defaults() {
        return Options.defaults(
                "--classes 1000 --per-class 1281 --shard-samples 1165 --batch-size 256 --epochs 3"
                        + " --seed 0");
    }

    /** Streams {@code positions} in shuffle windows of {@code k} shards, whole batches only. */
    private static ConcurrentDataset streamed(Positions positions, int k, Options options) {
        return ConcurrentDataset.builder()
                .setSource(positions)
                .setSampling(options.integer("batch-size"), true, true)
                .optShuffleWindow(k)
                .optSeed(options.integer("seed"))
                .build();
    }

    private static List<Integer> windows(int shards) {
        return IntStream.concat(
                        Arrays.stream(WINDOWS).filter(k -> k < shards), IntStream.of(shards))
                .boxed()
                .toList();
    }

    private static int[] shuffled(int[] labels, long seed) {
        int[] copy = labels.clone();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = copy.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = copy[i];
            copy[i] = copy[j];
            copy[j] = t;
        }
        return copy;
    }

    /**
     * Samples in shards of {@code perShard} (the last one shorter), each item its own position as
     * an int64 scalar, read one at a time in the streamed order.
     */
    private static final class Positions implements ShardedSource<Long> {

        private final long size;
        private final long[] shardSizes;

        Positions(long size, int perShard) {
            this.size = size;
            this.shardSizes = new long[(int) ((size + perShard - 1) / perShard)];
            Arrays.fill(shardSizes, perShard);
            shardSizes[shardSizes.length - 1] = size - (long) perShard * (shardSizes.length - 1);
        }

        @Override
        public long[] shardSizes() {
            return shardSizes.clone();
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public Long fetch(NDManager manager, long index) {
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long fetched) {
            return new Record(new NDList(manager.create(fetched.longValue())), new NDList());
        }
    }
}
