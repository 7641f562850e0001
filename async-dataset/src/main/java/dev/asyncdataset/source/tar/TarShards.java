package dev.asyncdataset.source.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.ByteRanges;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.shard.IndexCheck;
import dev.asyncdataset.internal.shard.ReadAhead;
import dev.asyncdataset.internal.shard.ShardBuffers;
import dev.asyncdataset.internal.shard.ShardReads;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.tar.MemberChecks;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.ShardSamples;
import dev.asyncdataset.internal.tar.TarIndex;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The samples of a set of tar shards and the reads of their members, which the images and samples
 * of {@link TarShardSource} share: the samples in shard order then archive order, each read by
 * random access as one span (a sample's members are adjacent, so one positioned read or ranged GET
 * covers them, never outside it) or cut from its piece of a streamed shard, every member checked
 * against its CRC32C from the index. A shard that cannot be indexed (not a tar, truncated, a bad
 * header checksum, a malformed index) contributes no sample and is kept in {@link #damaged()}; a
 * shard the store still fails to serve once its retries are spent fails the opening: an outage is
 * not damage.
 */
final class TarShards implements AutoCloseable {

    /**
     * Makes what the fetch step hands on from a sample's bytes read from shard offset {@code base}.
     */
    @FunctionalInterface
    interface Cut<T> {
        T cut(byte[] bytes, long base) throws BadItemException;
    }

    private static final int MAX_SPAN = Integer.MAX_VALUE - 8;

    private final ShardStore store;
    private final List<ShardSample> samples;
    private final int[] shardOf;
    private final List<BadItemException> damaged;
    private final MemberChecks checks = new MemberChecks();
    private final ShardPieces pieces;
    private final ShardBuffers buffers;
    private final ImageResize[] resized;
    private final CheckedShards whole;

    private TarShards(
            ShardStore store,
            List<ShardSample> samples,
            int[] shardOf,
            List<BadItemException> damaged,
            ShardPieces pieces,
            ImageResize[] resized) {
        this.store = store;
        this.samples = samples;
        this.shardOf = shardOf;
        this.damaged = List.copyOf(damaged);
        this.pieces = pieces;
        this.buffers = new ShardBuffers(pieces.longest());
        this.resized = resized;
        this.whole = new CheckedShards(store, store.names().size(), this::sound);
    }

    /**
     * Indexes the shards of {@code store}; closes it if that fails.
     *
     * @param everyMember whether every member of a sample is kept, for a reader of any parts (an
     *     index that lists only the images, version 1 or 2, is then passed over for the tar
     *     headers); else each sample keeps only its image member and label ({@link
     *     ShardSample#imageOnly}), which is all an image-classification reader holds per item
     * @param pieceBytes the most bytes a streamed epoch reads from a shard at once ({@link
     *     ShardPieces}); shards are read whole from a store with a disk cache, which keeps whole
     *     shards
     */
    static TarShards open(ShardStore store, boolean everyMember, long pieceBytes)
            throws IOException {
        try {
            List<ShardSample> samples = new ArrayList<>();
            List<Integer> shardOf = new ArrayList<>();
            List<BadItemException> damaged = new ArrayList<>();
            long[] lengths = new long[store.names().size()];
            ImageResize[] resized = new ImageResize[store.names().size()];
            for (int shard = 0; shard < store.names().size(); shard++) {
                try {
                    for (ShardSample sample : samplesOf(store, shard, everyMember, resized)) {
                        samples.add(everyMember ? sample : sample.imageOnly());
                        shardOf.add(shard);
                    }
                } catch (BadItemException e) {
                    if (StoredShards.isOutage(e)) {
                        throw new IOException(e.getMessage(), e);
                    }
                    damaged.add(e);
                }
                lengths[shard] = store.length(shard);
            }
            int[] shards = shardOf.stream().mapToInt(Integer::intValue).toArray();
            long piece = store.cachesWholeShards() ? Long.MAX_VALUE : pieceBytes;
            ShardPieces pieces = ShardPieces.of(samples, shards, lengths, piece);
            return new TarShards(store, samples, shards, damaged, pieces, resized);
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * The samples of {@code shard}, from its index if it has one; notes its images' re-encoding.
     */
    private static List<ShardSample> samplesOf(
            ShardStore store, int shard, boolean everyMember, ImageResize[] resized)
            throws IOException {
        String name = store.names().get(shard);
        long length = store.length(shard);
        byte[] index = store.sidecar(shard, new IndexCheck(name, length, everyMember));
        if (index != null) {
            List<ShardSample> indexed = ShardIndexFile.parse(name, length, index, everyMember);
            if (indexed != null) {
                resized[shard] = ShardIndexFile.resized(name, index);
                return indexed;
            }
        }
        ByteRanges in = new ReadAhead(store, shard, length);
        return ShardSamples.group(name, TarIndex.read(name, length, in), in);
    }

    ShardStore store() {
        return store;
    }

    /** How {@code shard}'s images were re-encoded, as its index records it, or null. */
    ImageResize resized(int shard) {
        return resized[shard];
    }

    List<ShardSample> samples() {
        return samples;
    }

    List<BadItemException> damaged() {
        return damaged;
    }

    /** How a streamed epoch reads the shards piece by piece, into the buffers kept here. */
    ShardReads reads() {
        ShardReads.Mode mode =
                pieces.count() > shardCount()
                        ? ShardReads.Mode.ROUND_AHEAD
                        : ShardReads.Mode.ONE_AHEAD;
        return new ShardReads(
                "shard", pieces::pieceOf, pieces.count(), this::readPiece, buffers, mode);
    }

    /** The rank of the piece holding item {@code index} within its shard. */
    int pieceRank(long index) {
        return pieces.rankOf(index);
    }

    /** Reads {@code piece} into the start of {@code into}: a whole shard, or a range of one. */
    private int readPiece(int piece, byte[] into) throws IOException {
        int shard = pieces.shard(piece);
        if (pieces.whole(piece)) {
            return whole.read(shard, into);
        }
        int length = (int) pieces.length(piece);
        store.readInto(shard, pieces.start(piece), length, into);
        return length;
    }

    /**
     * Checks every member of {@code shard}'s samples in its whole bytes against the CRC32C of the
     * index, uncounted: the test of a shard before it is cached ({@link CheckedShards}).
     */
    private void sound(int shard, byte[] bytes) throws IntegrityException {
        int first = firstSample(shard);
        for (int i = first; i < shardOf.length && shardOf[i] == shard; i++) {
            for (TarMember member : samples.get(i).parts().values()) {
                if (member.offset() + member.size() > bytes.length
                        || !MemberChecks.matches(member, bytes, (int) member.offset())) {
                    throw new IntegrityException("member " + member.name() + " fails its CRC32C");
                }
            }
        }
    }

    /** The first sample of {@code shard}, or where it would be: samples are in shard order. */
    private int firstSample(int shard) {
        int low = 0;
        int high = shardOf.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (shardOf[mid] < shard) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    ShardSample sample(long index) {
        return samples.get(Math.toIntExact(index));
    }

    int shardOf(long index) {
        return shardOf[Math.toIntExact(index)];
    }

    int shardCount() {
        return store.names().size();
    }

    long[] shardSizes() {
        long[] sizes = new long[shardCount()];
        for (int shard : shardOf) {
            sizes[shard]++;
        }
        return sizes;
    }

    /**
     * Reads {@code members} of item {@code index} with one positioned read or one ranged GET of
     * their span, each checked against its CRC32C when the index has one, and cuts them.
     */
    <T> T fetch(long index, Collection<TarMember> members, Cut<T> cut) throws IOException {
        if (members.isEmpty()) {
            return cut.cut(new byte[0], 0);
        }
        long start = members.stream().mapToLong(TarMember::offset).min().orElseThrow();
        int length = spanLength(index, members, start);
        byte[] bytes = store.read(shardOf(index), start, length, b -> verify(members, b, start));
        return cut.cut(bytes, start);
    }

    /**
     * Cuts {@code members} of item {@code index} from the first {@code length} bytes of its piece
     * ({@link #reads}), checked as {@link #fetch} checks them unless the shard's read checked them
     * all before caching it; members failing the check, or lying outside a piece that is not its
     * whole shard, are read again by themselves ({@link #fetch}), which retries them on S3 and
     * makes them a bad item in a folder.
     */
    <T> T cut(long index, Collection<TarMember> members, byte[] piece, int length, Cut<T> cut)
            throws IOException {
        int of = pieces.pieceOf(index);
        long base = pieces.start(of);
        long end = members.stream().mapToLong(m -> m.offset() + m.size()).max().orElse(base);
        long from = members.stream().mapToLong(TarMember::offset).min().orElse(base);
        if (!pieces.whole(of) && (from < base || end > base + length)) {
            return fetch(index, members, cut);
        }
        if (end - base > length) {
            throw new BadItemException(
                    sample(index).describe(),
                    "its members run to byte " + end + " but the shard now has " + length,
                    null);
        }
        try {
            if (!whole.passed(shardOf(index), piece)) {
                verify(members, piece, base);
            }
        } catch (IntegrityException e) {
            return fetch(index, members, cut);
        }
        return cut.cut(piece, base);
    }

    /** The bytes of {@code member} within {@code bytes} read from shard offset {@code base}. */
    static byte[] slice(byte[] bytes, long base, TarMember member) {
        int from = (int) (member.offset() - base);
        if (from == 0 && bytes.length == member.size()) {
            return bytes;
        }
        return Arrays.copyOfRange(bytes, from, from + (int) member.size());
    }

    /**
     * Copies the bytes of {@code member} within {@code bytes} read from shard offset {@code base}
     * into an array taken from {@code pool}.
     *
     * @return the member's bytes: a heap buffer over the array, position 0, limit its size
     */
    static ByteBuffer copy(byte[] bytes, long base, TarMember member, BodyBuffers pool) {
        int size = (int) member.size();
        byte[] array = pool.take(size);
        System.arraycopy(bytes, (int) (member.offset() - base), array, 0, size);
        return BodyBuffers.body(array, size);
    }

    private int spanLength(long index, Collection<TarMember> members, long start)
            throws BadItemException {
        long end = members.stream().mapToLong(m -> m.offset() + m.size()).max().orElseThrow();
        if (end - start > MAX_SPAN) {
            throw new BadItemException(
                    sample(index).describe(),
                    "its members span " + (end - start) + " bytes, over 2 GiB",
                    null);
        }
        return (int) (end - start);
    }

    private void verify(Collection<TarMember> members, byte[] bytes, long base)
            throws IntegrityException {
        for (TarMember member : members) {
            checks.verify(member, bytes, (int) (member.offset() - base));
        }
    }

    /**
     * The reads retried, the whole reads the disk cache served or did not hold, and the bodies that
     * failed a checksum: whole shards against the store's, members against the CRC32C of the index.
     */
    SourceStats stats() {
        return new SourceStats(
                store.retries(),
                store.cacheHits(),
                store.cacheMisses(),
                store.integrityFailures() + checks.failures(),
                0,
                0);
    }

    @Override
    public void close() {
        store.close();
    }
}
