package dev.asyncdataset.internal.shard;

import java.util.PriorityQueue;
import java.util.function.LongToIntFunction;

/**
 * Where each shard is used in one streamed epoch's read order: how many of its samples the epoch
 * reads, the order in which shards are first needed (the order to load them in), and the most
 * shards live at once, a shard being live from its first sample to its last in the order.
 *
 * @param remaining for each shard, how many of its samples the epoch reads
 * @param loadOrder the shards the epoch reads, in the order of their first sample
 * @param maxLive the most shards live at one position of the order
 */
public record ShardSpans(int[] remaining, int[] loadOrder, int maxLive) {

    /**
     * Computes the spans of {@code items[0]} to {@code items[streamed - 1]}.
     *
     * @param shardOf the shard of an item
     * @param shards the number of shards
     */
    public static ShardSpans of(long[] items, int streamed, LongToIntFunction shardOf, int shards) {
        int[] remaining = new int[shards];
        int[] first = new int[shards];
        int[] last = new int[shards];
        int[] order = new int[shards];
        int loads = 0;
        for (int i = 0; i < streamed; i++) {
            int shard = shardOf.applyAsInt(items[i]);
            if (remaining[shard]++ == 0) {
                first[shard] = i;
                order[loads++] = shard;
            }
            last[shard] = i;
        }
        int[] loadOrder = java.util.Arrays.copyOf(order, loads);
        PriorityQueue<Integer> ends = new PriorityQueue<>();
        int maxLive = 0;
        for (int shard : loadOrder) {
            while (!ends.isEmpty() && ends.peek() < first[shard]) {
                ends.poll();
            }
            ends.add(last[shard]);
            maxLive = Math.max(maxLive, ends.size());
        }
        return new ShardSpans(remaining, loadOrder, maxLive);
    }
}
