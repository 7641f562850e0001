package dev.asyncdataset.examples.bench;

import dev.asyncdataset.source.ShuffleWindows;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * How well shard streaming mixes classes into batches, against the shuffle window K: shards written
 * in class order (as {@code ShardWriter} writes a class folder), read in the order of {@link
 * ShuffleWindows}, and the share of same-class pairs within a batch and the distinct classes per
 * batch, beside a full permutation. A computation of orders, not a timing: it needs no data.
 *
 * <p>Arguments: {@code CLASSES PER_CLASS SAMPLES_PER_SHARD BATCH K...}, for example {@code 1000
 * 1281 1100 256 1 2 4 8 16 64} for ImageNet in 128 MB shards.
 */
public final class ShuffleQuality {

    private ShuffleQuality() {}

    /**
     * Prints one Markdown row per window size, and one for a full permutation.
     *
     * @param args classes, samples per class, samples per shard, batch size, window sizes
     */
    public static void main(String[] args) {
        long[] a = Arrays.stream(args).mapToLong(Long::parseLong).toArray();
        int perClass = (int) a[1];
        int total = Math.toIntExact(a[0] * perClass);
        long[] shards = new long[(int) Math.ceilDiv(total, a[2])];
        Arrays.fill(shards, a[2]);
        shards[shards.length - 1] = total - a[2] * (shards.length - 1);
        int batch = (int) a[3];
        System.out.println(
                "| window K | same-class pairs in a batch | distinct classes per batch |");
        System.out.println("|---|---:|---:|");
        for (int i = 4; i < a.length; i++) {
            long[] order = new ShuffleWindows(shards, (int) a[i], 1).epochOrder(0);
            System.out.println(row("K = " + a[i], order, perClass, batch));
        }
        // one window of all the shards is a full permutation of all the samples
        long[] full = new ShuffleWindows(shards, shards.length, 1).epochOrder(0);
        System.out.println(row("full permutation", full, perClass, batch));
    }

    private static String row(String name, long[] order, int perClass, int batch) {
        double samePairs = 0;
        double classes = 0;
        int batches = order.length / batch;
        for (int b = 0; b < batches; b++) {
            Map<Long, Integer> counts = new HashMap<>();
            for (int i = b * batch; i < (b + 1) * batch; i++) {
                counts.merge(order[i] / perClass, 1, Integer::sum);
            }
            long pairs = counts.values().stream().mapToLong(c -> (long) c * (c - 1) / 2).sum();
            samePairs += pairs / (batch * (batch - 1) / 2.0);
            classes += counts.size();
        }
        return String.format("| %s | %.4f | %.1f |", name, samePairs / batches, classes / batches);
    }
}
