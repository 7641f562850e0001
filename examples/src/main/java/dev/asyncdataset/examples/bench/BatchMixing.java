package dev.asyncdataset.examples.bench;

import java.util.Arrays;

/**
 * How well batches mix classes, as means over the batches added: the share of pairs of items in a
 * batch that have the same class (a full permutation gives about 1 / classes) and the entropy of a
 * batch's labels in bits (at most log2 of the batch size).
 */
final class BatchMixing {

    private final int[] labels;
    private final int[] counts;
    private double pairs;
    private double entropy;
    private int batches;

    /**
     * Measures batches of items labelled by {@code labels}.
     *
     * @param labels each item's class, by item position
     * @param classes the number of classes
     */
    BatchMixing(int[] labels, int classes) {
        this.labels = labels;
        this.counts = new int[classes];
    }

    /**
     * Adds one batch.
     *
     * @param items the positions of the batch's items
     */
    void add(long[] items) {
        Arrays.fill(counts, 0);
        for (long item : items) {
            counts[labels[Math.toIntExact(item)]]++;
        }
        long same = 0;
        double bits = 0;
        for (int n : counts) {
            same += (long) n * (n - 1);
            if (n > 0) {
                double p = (double) n / items.length;
                bits -= p * Math.log(p) / Math.log(2);
            }
        }
        pairs += same / ((double) items.length * (items.length - 1));
        entropy += bits;
        batches++;
    }

    /** The mean share of same-class pairs within a batch. */
    double sameClassPairs() {
        return pairs / batches;
    }

    /** The mean label entropy of a batch, in bits. */
    double entropyBits() {
        return entropy / batches;
    }
}
