package dev.asyncdataset.internal.writer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Predicate;

/**
 * Where a {@code ShardWriter} puts its files: a local folder or an S3 prefix. A shard is streamed
 * into a {@link Pending} object that becomes visible under its name only when committed (a rename,
 * a completed multipart upload); small files (indexes, the classes file) are written whole and
 * atomically.
 */
public interface ShardDestination extends AutoCloseable {

    /** Starts writing {@code name}; nothing is visible under that name until the commit. */
    Pending create(String name) throws IOException;

    /** Writes {@code bytes} as {@code name} at once, replacing what was there. */
    void put(String name, byte[] bytes) throws IOException;

    /** The names of the files directly in the destination. */
    List<String> list() throws IOException;

    /**
     * Drops what an earlier run, killed while writing, left unfinished under the names {@code ours}
     * accepts: a folder's temporary files, an S3 prefix's open multipart uploads.
     *
     * @return how many were dropped
     */
    int dropUnfinished(Predicate<String> ours) throws IOException;

    /** Deletes {@code name}. */
    void delete(String name) throws IOException;

    /** The full location of {@code name}: a path or an {@code s3://} URL. */
    String locate(String name);

    /** How many requests were retried so far; 0 for a folder. */
    default long retries() {
        return 0;
    }

    @Override
    void close();

    /** A file being written, invisible until {@link #commit}. */
    interface Pending {

        /** Where the bytes go; {@link #commit} and {@link #abort} close it. */
        OutputStream stream();

        /** Makes everything written visible under the name, at once. */
        void commit() throws IOException;

        /** Drops what was written, leaving nothing behind; does nothing after a commit. */
        void abort() throws IOException;
    }
}
