package dev.asyncdataset.internal.order;

import dev.asyncdataset.internal.decode.ItemSeeds;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The seeded sampling of a {@code ConcurrentDataset}: the permutation of an epoch depends only on
 * (seed, epoch), so every rank of a distributed job computes the same one and takes its own equal
 * share of it, and a restarted run can skip the batches it already trained on.
 *
 * @param batchSize items per batch
 * @param shuffle whether to permute the items
 * @param dropLast whether to drop a last, smaller batch
 * @param rank this loader's share, from 0
 * @param worldSize the number of shares
 * @param dropRemainder whether to drop the items that do not divide evenly among the shares
 *     (otherwise the first items of the permutation are repeated to fill the last shares)
 */
public record EpochSampler(
        int batchSize,
        boolean shuffle,
        boolean dropLast,
        int rank,
        int worldSize,
        boolean dropRemainder) {

    /**
     * Returns the batches of one epoch, after skipping some.
     *
     * @param size the dataset size
     * @param seed the loader's seed
     * @param epoch the epoch
     * @param skip the number of leading batches to leave out
     * @return the batches' indices, in order
     */
    public Iterator<List<Long>> sample(long size, long seed, long epoch, long skip) {
        List<List<Long>> batches = batches(share(permutation(Math.toIntExact(size), seed, epoch)));
        return batches.subList((int) Math.min(skip, batches.size()), batches.size()).iterator();
    }

    /**
     * Cuts items into batches of {@code batchSize}, dropping a last, smaller one if asked to.
     *
     * @param items the items in read order
     * @return the batches' indices, in order
     */
    public List<List<Long>> batches(long[] items) {
        List<List<Long>> batches = new ArrayList<>();
        for (int from = 0; from < items.length; from += batchSize) {
            int to = Math.min(items.length, from + batchSize);
            if (to - from < batchSize && dropLast) {
                break;
            }
            List<Long> batch = new ArrayList<>(to - from);
            for (int i = from; i < to; i++) {
                batch.add(items[i]);
            }
            batches.add(batch);
        }
        return batches;
    }

    /**
     * Returns the number of items of one share.
     *
     * @param size the dataset size
     * @return the items per share
     */
    public long shareSize(long size) {
        return dropRemainder ? size / worldSize : (size + worldSize - 1) / worldSize;
    }

    private long[] permutation(int size, long seed, long epoch) {
        return permutation(
                size, shuffle ? new SplittableRandom(ItemSeeds.mix(seed, epoch, -1)) : null);
    }

    /**
     * Returns the items {@code 0..size-1} in the order {@code random} shuffles them to
     * (Fisher-Yates), or in their own order when {@code random} is null.
     *
     * @param size the number of items
     * @param random the generator, or {@code null} to keep the order
     * @return the items in order
     */
    public static long[] permutation(int size, SplittableRandom random) {
        long[] order = new long[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        if (random != null) {
            for (int i = size - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                long swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
        }
        return order;
    }

    private long[] share(long[] order) {
        int per = Math.toIntExact(shareSize(order.length));
        long[] share = new long[per];
        for (int i = 0; i < per; i++) {
            share[i] = order[(rank * per + i) % order.length];
        }
        return share;
    }
}
