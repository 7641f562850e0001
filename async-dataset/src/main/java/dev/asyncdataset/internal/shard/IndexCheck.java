package dev.asyncdataset.internal.shard;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import java.util.Arrays;

/**
 * The check of a shard's sidecar index read from a store, where the index has no checksum (over
 * HTTP): an index that does not parse is read again, as bytes flipped on the way would be, within
 * the retry budget, until two reads give the same bytes. Then the object itself is malformed: the
 * check lets it through, and parsing it names the damage, so a damaged index costs two reads, not
 * the budget. For one read of one index.
 */
public final class IndexCheck implements ShardStore.BytesCheck {

    private final String shard;
    private final long length;
    private final boolean everyMember;
    private byte[] malformed;

    /**
     * Checks the index of {@code shard}, of {@code length} bytes, as {@link ShardIndexFile#parse}
     * reads it with {@code everyMember}.
     */
    public IndexCheck(String shard, long length, boolean everyMember) {
        this.shard = shard;
        this.length = length;
        this.everyMember = everyMember;
    }

    @Override
    public void verify(byte[] bytes) throws IntegrityException {
        try {
            ShardIndexFile.parse(shard, length, bytes, everyMember);
            ShardIndexFile.resized(shard, bytes);
        } catch (BadItemException e) {
            if (!Arrays.equals(bytes, malformed)) {
                malformed = bytes;
                throw new IntegrityException(e.getMessage() + "; reading it again");
            }
        }
    }
}
