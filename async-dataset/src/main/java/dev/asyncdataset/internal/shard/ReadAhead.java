package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.io.ByteRanges;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads ranges of one shard through a block of read-ahead, for walking its tar headers: a read
 * inside the last block fetched is served from it, any other read fetches the block starting at its
 * offset. Headers of small members then cost one ranged GET per block, not one per header. Not
 * thread-safe: one walk at a time.
 */
public final class ReadAhead implements ByteRanges {

    /** The bytes fetched at once. */
    static final int BLOCK = 1 << 20;

    private final ShardStore store;
    private final int shard;
    private final long length;
    private long blockStart = -1;
    private byte[] block = new byte[0];

    /**
     * @param store the shard's store
     * @param shard the shard read
     * @param length the shard's length in bytes
     */
    public ReadAhead(ShardStore store, int shard, long length) {
        this.store = store;
        this.shard = shard;
        this.length = length;
    }

    @Override
    public byte[] read(long offset, int size) throws IOException {
        if (size > BLOCK) {
            return store.read(shard, offset, size);
        }
        if (blockStart < 0 || offset < blockStart || offset + size > blockStart + block.length) {
            int fetch = (int) Math.min(BLOCK, length - offset);
            block = store.read(shard, offset, Math.max(fetch, size));
            blockStart = offset;
        }
        int from = (int) (offset - blockStart);
        return Arrays.copyOfRange(block, from, from + size);
    }
}
