package dev.asyncdataset.examples.bench;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.internal.shard.ShuffleWindows;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * How well {@link ShuffleWindows} mixes classes into batches, against the window size K: for shards
 * written class by class (as {@code ShardWriter} writes an image folder) and for shards written in
 * a random order, the share of same-class pairs within a batch and the label entropy per batch, for
 * K = 1, 2, 4, 8, 16 shards and all shards (a full permutation). Pure computation on labels, no
 * data: the defaults are ImageNet's shape (1000 classes of 1281 images, about 1165 images of 110 KB
 * in a 128 MB shard, batch 256). Means over {@code --epochs} epochs; prints a Markdown table.
 * Options:
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
     */
    public static void main(String[] args) {
        Options options = Options.parse(args, defaults());
        int classes = options.integer("classes");
        int total = classes * options.integer("per-class");
        int[] classOrdered = IntStream.range(0, total).map(i -> i / (total / classes)).toArray();
        int[] randomOrdered = shuffled(classOrdered, options.integer("seed"));
        long[] shardSizes = shardSizes(total, options.integer("shard-samples"));
        System.out.printf(
                Locale.ROOT,
                "%d samples, %d classes, %d shards of %d, batch %d, mean of %d epochs%n%n",
                total,
                classes,
                shardSizes.length,
                options.integer("shard-samples"),
                options.integer("batch-size"),
                options.integer("epochs"));
        System.out.println(
                "| K (shards per window) | samples per window | class-ordered shards:"
                        + " same-class pairs | label entropy | random-ordered shards:"
                        + " same-class pairs | label entropy |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (int k : windows(shardSizes.length)) {
            ShuffleWindows windows = new ShuffleWindows(shardSizes, k, options.integer("seed"));
            double[] ordered = mixing(windows, classOrdered, classes, options);
            double[] random = mixing(windows, randomOrdered, classes, options);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %d | %.3f %% | %.2f bits | %.3f %% | %.2f bits |%n",
                    k == shardSizes.length ? "all " + k + " (full permutation)" : k,
                    Math.min(total, (long) k * options.integer("shard-samples")),
                    100 * ordered[0],
                    ordered[1],
                    100 * random[0],
                    random[1]);
        }
    }

    private static Map<String, String> defaults() {
        return Options.defaults(
                "--classes 1000 --per-class 1281 --shard-samples 1165 --batch-size 256 --epochs 3"
                        + " --seed 0");
    }

    private static List<Integer> windows(int shards) {
        return IntStream.concat(
                        Arrays.stream(WINDOWS).filter(k -> k < shards), IntStream.of(shards))
                .boxed()
                .toList();
    }

    private static long[] shardSizes(int total, int perShard) {
        long[] sizes = new long[(total + perShard - 1) / perShard];
        Arrays.fill(sizes, perShard);
        sizes[sizes.length - 1] = total - (long) perShard * (sizes.length - 1);
        return sizes;
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
     * Returns the mean over epochs and full batches of the share of same-class pairs within a batch
     * and of the batch's label entropy in bits.
     */
    private static double[] mixing(
            ShuffleWindows windows, int[] labels, int classes, Options options) {
        int batch = options.integer("batch-size");
        int[] counts = new int[classes];
        double pairs = 0;
        double entropy = 0;
        int batches = 0;
        for (int epoch = 0; epoch < options.integer("epochs"); epoch++) {
            long[] order = windows.epochOrder(epoch);
            for (int start = 0; start + batch <= order.length; start += batch, batches++) {
                Arrays.fill(counts, 0);
                for (int i = start; i < start + batch; i++) {
                    counts[labels[(int) order[i]]]++;
                }
                pairs += sameClassPairs(counts, batch);
                entropy += entropyBits(counts, batch);
            }
        }
        return new double[] {pairs / batches, entropy / batches};
    }

    private static double sameClassPairs(int[] counts, int batch) {
        long same = 0;
        for (int n : counts) {
            same += (long) n * (n - 1);
        }
        return same / ((double) batch * (batch - 1));
    }

    private static double entropyBits(int[] counts, int batch) {
        double bits = 0;
        for (int n : counts) {
            if (n > 0) {
                double p = (double) n / batch;
                bits -= p * Math.log(p) / Math.log(2);
            }
        }
        return bits;
    }
}
