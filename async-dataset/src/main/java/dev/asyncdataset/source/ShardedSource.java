package dev.asyncdataset.source;

/**
 * An item source whose items are stored in shards and can be streamed. Items are numbered shard by
 * shard: shard 0's samples first, in archive order, then shard 1's, and so on. {@code
 * ConcurrentDataset} streams such a source by default, in the shuffled order {@link
 * dev.asyncdataset.ConcurrentDataset} describes, and reads it by random access only when asked to
 * ({@code optRandomAccess}). The library's tar shard sources ({@code TarShardSource}'s images and
 * samples) read a streamed epoch's shards in pieces and serve their items from memory, instead of
 * one read per item; a sharded source of your own is read one item at a time in the streamed order.
 *
 * <p><b>Memory bound.</b> A streamed epoch of a tar shard source reads each shard once, in pieces
 * (runs of consecutive samples of at most {@code TarShardSource.optPieceBytes}; a shorter shard is
 * one piece, read whole), each into a buffer of the longest piece's length, taken from buffers the
 * source keeps and reuses across pieces and epochs, so that streaming allocates no piece-sized
 * array after the first epoch. A shuffle window of {@code K} shards is read round by round: round
 * {@code r} mixes the samples of the {@code r}-th piece of each of its shards. A piece is live from
 * its first sample in the rank's read order to its last; the epoch loads its pieces in the order
 * they are first needed and holds at most {@code 2L} buffers, where {@code L} is the most pieces
 * live at once: the round being read, one piece of each of its shards, and as many read ahead, so
 * that the next round is in memory before its first batch. When no shard is longer than a piece,
 * the epoch reads whole shards with one read ahead instead: at most {@code L + 1} buffers, the next
 * window's first shard in memory before its first batch (the others load as the window before gives
 * its buffers back, at its end). A rank reads {@code P = C / gcd(C, W)} of the {@code C} canonical
 * partitions for {@code W} ranks, in lockstep (the order interleaves them), one round of each at a
 * time, so {@code L <= P * K + (P - 1)} (the {@code P - 1}: pieces on the boundary of two
 * partitions the rank both reads, which it holds from one to the other; none when {@code W} divides
 * {@code C}, the default). The bytes held are then at most {@code P} times {@code 2K *
 * longestPieceBytes}, which is the bound for one rank, or when {@code W = C} (for example 64 MB for
 * K = 4 and the default 8 MB pieces, whatever the shards' length), or {@code (K + 1) *
 * largestShardBytes} for shards read whole. An epoch that can no longer be read (its trainer's
 * manager closed) gives its buffers back when the next epoch starts, before that one takes any. The
 * batches in flight do not add to it: a fetch waits for its piece to load before it takes a fetch
 * slot and copies its sample out of the buffer, so a buffer is reused only after every sample of
 * its piece was copied out. {@link SourceStats#residentBytes()} of {@link #stats()} reports the
 * bytes of the buffers the epoch holds now and {@link SourceStats#peakResidentBytes()} the most it
 * held at once; between epochs the source keeps up to that many free buffers for the next one.
 *
 * @param <T> what the fetch step hands to the decode step
 */
public interface ShardedSource<T> extends ItemSource<T> {

    /**
     * Returns the number of samples of each shard, in shard order.
     *
     * @return the samples per shard
     */
    long[] shardSizes();
}
