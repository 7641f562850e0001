package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.io.IntegrityException;
import java.io.IOException;
import java.util.List;

/**
 * Where the bytes of a set of tar shards come from: a local folder or an S3 prefix. Shards are
 * numbered in the order given (name order for a folder or prefix, pattern order for a brace
 * pattern); a shard's sidecar index and the classes file are read from beside it when present.
 * Reads are thread-safe; failures that may pass are retried inside, and counted.
 */
public interface ShardStore extends AutoCloseable {

    /** The name of the classes file beside the shards: one class name per line, in label order. */
    String CLASSES_FILE = "classes.txt";

    /** The shards' names for messages, in shard order. */
    List<String> names();

    /** The length of {@code shard} in bytes. */
    long length(int shard) throws IOException;

    /** Checks the bytes of a read: throws if they are not the bytes that were written. */
    @FunctionalInterface
    interface BytesCheck {
        void verify(byte[] bytes) throws IntegrityException;
    }

    /**
     * Reads exactly {@code length} bytes of {@code shard} from {@code offset}: one positioned read
     * or one ranged GET (retried as a whole), unchecked.
     *
     * @throws IOException if the storage fails for good
     */
    default byte[] read(int shard, long offset, int length) throws IOException {
        return read(shard, offset, length, bytes -> {});
    }

    /**
     * Reads exactly {@code length} bytes of {@code shard} from {@code offset} into the start of
     * {@code into}, as {@link #read(int, long, int)} does, with no array of its own: a streamed
     * Parquet row group's span into its buffer. When it returns or throws, nothing writes into
     * {@code into} any more.
     *
     * @throws IOException if the storage fails for good
     */
    default void readInto(int shard, long offset, int length, byte[] into) throws IOException {
        System.arraycopy(read(shard, offset, length), 0, into, 0, length);
    }

    /**
     * Reads exactly {@code length} bytes of {@code shard} from {@code offset}, as {@link #read(int,
     * long, int)} does, and passes them through {@code check}. Bytes that fail it are read again
     * where that may help (a ranged GET, within the retry budget, each a counted retry) and
     * otherwise (a file, or a GET still failing when the budget is spent) a {@link
     * dev.asyncdataset.decode.BadItemException} naming the shard, with the check's message.
     *
     * @throws IOException if the storage fails for good
     */
    byte[] read(int shard, long offset, int length, BytesCheck check) throws IOException;

    /**
     * Reads the whole of {@code shard} into the start of {@code into}: positioned reads of a file,
     * or one GET, and a GET that fails mid-body goes on with a ranged GET from the last byte
     * received (from a server that ignores {@code Range}, a GET from byte 0 that skips the bytes
     * received), counted as a retry. When it returns or throws, nothing writes into {@code into}
     * any more.
     *
     * @param into a buffer of at least {@link #length} bytes
     * @return the bytes read: the shard's length (a file cut since opening gives fewer)
     * @throws IOException if the storage fails for good, or the shard is longer than {@code into}
     */
    int readShard(int shard, byte[] into) throws IOException;

    /**
     * Reads the whole of {@code shard} as {@link #readShard(int, byte[])} does; a store with a disk
     * cache keeps the shard there only if its bytes pass {@code cacheable}, run only then.
     *
     * @param into a buffer of at least {@link #length} bytes
     * @param cacheable the test of the bytes before they are cached
     * @return the bytes read
     * @throws IOException as {@link #readShard(int, byte[])} does
     */
    default int readShard(int shard, byte[] into, BytesCheck cacheable) throws IOException {
        return readShard(shard, into);
    }

    /**
     * The bytes of {@code shard}'s sidecar index, or null if it has none, passed through {@code
     * check}: bytes that fail it are read again where that may help (a GET, within the retry
     * budget, each a counted retry); a file is read once, unchecked, as a second read gives the
     * same bytes.
     */
    byte[] sidecar(int shard, BytesCheck check) throws IOException;

    /** The class names of the classes file beside the shards, or an empty list. */
    List<String> classes() throws IOException;

    /** How many reads were retried so far. */
    default long retries() {
        return 0;
    }

    /** How many whole-shard bodies failed their checksum (each then read again). */
    default long integrityFailures() {
        return 0;
    }

    /** Whether whole reads go through a disk cache, which keeps whole shards. */
    default boolean cachesWholeShards() {
        return false;
    }

    /** How many whole reads the store's disk cache served, if it has one. */
    default long cacheHits() {
        return 0;
    }

    /** How many whole reads the store's disk cache did not hold, if it has one. */
    default long cacheMisses() {
        return 0;
    }

    /** Releases files or the client. */
    @Override
    void close();
}
