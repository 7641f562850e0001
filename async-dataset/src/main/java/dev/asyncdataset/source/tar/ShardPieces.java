package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.TarMember;
import java.util.Arrays;
import java.util.List;

/**
 * The pieces a streamed epoch reads tar shards in, so that it holds pieces of shards, not whole
 * shards: a shard no longer than the piece bytes is one piece, read whole; a longer one is cut at
 * sample boundaries into {@code ceil(length / pieceBytes)} or more runs of consecutive samples of
 * about equal bytes, none spanning more than the piece bytes unless one sample does, each read by
 * itself from the first byte of its first sample's members to the last byte of its last sample's.
 * Pieces are numbered shard by shard, and ranked from 0 within their shard.
 */
final class ShardPieces {

    private final int[] pieceOf;
    private int[] shard;
    private int[] rank;
    private long[] start;
    private long[] length;
    private boolean[] whole;
    private int count;

    /**
     * Room for the pieces of {@code samples} samples in {@code shards} shards, at most one each.
     */
    private ShardPieces(int samples, int shards) {
        this.pieceOf = new int[samples];
        this.shard = new int[samples + shards];
        this.rank = new int[samples + shards];
        this.start = new long[samples + shards];
        this.length = new long[samples + shards];
        this.whole = new boolean[samples + shards];
    }

    /**
     * Cuts shards into pieces: {@code samples} in shard order, {@code shardOf} the shard of each,
     * {@code shardLength} the bytes of each shard.
     */
    static ShardPieces of(
            List<ShardSample> samples, int[] shardOf, long[] shardLength, long pieceBytes) {
        ShardPieces pieces = new ShardPieces(samples.size(), shardLength.length);
        int first = 0;
        for (int shard = 0; shard < shardLength.length; shard++) {
            int end = first;
            while (end < shardOf.length && shardOf[end] == shard) {
                end++;
            }
            if (end == first) {
                pieces.addWhole(shard, first, end, 0);
            } else if (shardLength[shard] <= pieceBytes) {
                pieces.addWhole(shard, first, end, shardLength[shard]);
            } else {
                pieces.addCut(shard, samples, first, end, pieceBytes);
            }
            first = end;
        }
        pieces.trim();
        return pieces;
    }

    /** The number of pieces. */
    int count() {
        return count;
    }

    /** The piece holding item {@code index}. */
    int pieceOf(long index) {
        return pieceOf[Math.toIntExact(index)];
    }

    /** The rank, within its shard, of the piece holding item {@code index}. */
    int rankOf(long index) {
        return rank[pieceOf(index)];
    }

    /** The shard {@code piece} is part of. */
    int shard(int piece) {
        return shard[piece];
    }

    /** Whether {@code piece} is its shard whole. */
    boolean whole(int piece) {
        return whole[piece];
    }

    /** The shard offset of {@code piece}'s first byte. */
    long start(int piece) {
        return start[piece];
    }

    /** The bytes of {@code piece}. */
    long length(int piece) {
        return length[piece];
    }

    /** The bytes of the longest piece. */
    long longest() {
        return Arrays.stream(length).max().orElse(0);
    }

    /** Samples {@code first} to {@code end - 1}, shard {@code of} of {@code bytes}, whole. */
    private void addWhole(int of, int first, int end, long bytes) {
        whole[count] = true;
        add(of, first, end, 0, 0, bytes);
    }

    /** Samples {@code first} to {@code end - 1}, shard {@code of}, in pieces of even bytes. */
    private void addCut(int of, List<ShardSample> samples, int first, int end, long pieceBytes) {
        long from = startOf(samples.get(first), 0);
        long span = endOf(samples.get(end - 1), from) - from;
        long target = Math.ceilDiv(span, Math.max(1, Math.ceilDiv(span, pieceBytes)));
        int pieceFirst = first;
        long pieceStart = from;
        long pieceEnd = from;
        int ranked = 0;
        for (int i = first; i < end; i++) {
            long sampleEnd = endOf(samples.get(i), pieceEnd);
            if (i > pieceFirst && sampleEnd - pieceStart > target) {
                add(of, pieceFirst, i, ranked++, pieceStart, pieceEnd - pieceStart);
                pieceFirst = i;
                pieceStart = startOf(samples.get(i), pieceEnd);
            }
            pieceEnd = Math.max(pieceEnd, sampleEnd);
        }
        add(of, pieceFirst, end, ranked, pieceStart, pieceEnd - pieceStart);
    }

    private void add(int of, int first, int end, int pieceRank, long from, long bytes) {
        Arrays.fill(pieceOf, first, end, count);
        shard[count] = of;
        rank[count] = pieceRank;
        start[count] = from;
        length[count] = bytes;
        count++;
    }

    private void trim() {
        shard = Arrays.copyOf(shard, count);
        rank = Arrays.copyOf(rank, count);
        start = Arrays.copyOf(start, count);
        length = Arrays.copyOf(length, count);
        whole = Arrays.copyOf(whole, count);
    }

    /** The first byte of {@code sample}'s members, or {@code empty} if it has none. */
    private static long startOf(ShardSample sample, long empty) {
        return sample.parts().values().stream().mapToLong(TarMember::offset).min().orElse(empty);
    }

    /** The byte after {@code sample}'s members, or {@code empty} if it has none. */
    private static long endOf(ShardSample sample, long empty) {
        return sample.parts().values().stream()
                .mapToLong(m -> m.offset() + m.size())
                .max()
                .orElse(empty);
    }
}
