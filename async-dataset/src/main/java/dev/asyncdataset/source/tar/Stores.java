package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.store.StoreKind;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.store.StoreOpener;
import java.util.Map;

/**
 * The table from a location's scheme to its store, through which the tar shard sources' and the
 * Parquet sources' builders and the shard writer open what they read and write ({@code S3Source}
 * and {@code S3SampleSource} take an {@code s3://} URL of their own, the folder sources a {@code
 * Path}):
 *
 * <table>
 *   <caption>Schemes</caption>
 *   <tr><th>location</th><th>store</th><th>can</th></tr>
 *   <tr><td>a path, {@code file:}</td><td>local files</td><td>list, read, write</td></tr>
 *   <tr><td>{@code s3://bucket/prefix}</td><td>S3 and S3-compatible (GCS XML API)</td>
 *       <td>list, read, write</td></tr>
 *   <tr><td>{@code http://}, {@code https://}</td><td>any HTTP server, with {@code Range} for
 *       random access</td><td>read</td></tr>
 *   <tr><td>{@code az://container/prefix}, {@code
 *       https://<account>.blob.core.windows.net/container/prefix}</td><td>Azure Blob Storage,
 *       with the optional Azure SDK ({@code dev.asyncdataset.store.azure})</td><td>list,
 *       read, write</td></tr>
 *   <tr><td>{@code hf://datasets/org/name@revision/path}</td><td>a Hugging Face Hub dataset
 *       ({@code dev.asyncdataset.store.hf})</td><td>list, read</td></tr>
 *   <tr><td>a scheme given to {@link #register}</td><td>the user's {@link
 *       dev.asyncdataset.store.ObjectStore}</td><td>read; write if it is a {@link
 *       dev.asyncdataset.store.WritableStore}</td></tr>
 * </table>
 */
public final class Stores {

    /** The stores the shard writer can list its input from, by kind. */
    private static final Map<StoreKind, Store> WRITER_INPUTS =
            Map.of(StoreKind.FILES, FolderStore.INSTANCE, StoreKind.S3, S3Store.INSTANCE);

    private static final Store READ_ONLY = new Store() {};

    private Stores() {}

    /**
     * Makes {@code scheme://...} locations read tar shards and Parquet files from the stores {@code
     * opener} opens (one per source), with the library's retries, time budget and read-idle timeout
     * around every request; a store that is a {@link dev.asyncdataset.store.WritableStore} also
     * takes the shard writer's output.
     *
     * @param scheme letters, digits, {@code +}, {@code -} or {@code .}, starting with a letter; not
     *     {@code file}, {@code s3}, {@code http}, {@code https}, {@code az} or {@code hf}
     * @param opener opens the store
     * @throws IllegalArgumentException if the scheme is malformed, built in or already registered
     */
    public static void register(String scheme, StoreOpener opener) {
        StoreTable.register(scheme, opener);
    }

    /** The store of {@code location}. */
    static Store of(String location) {
        return WRITER_INPUTS.getOrDefault(StoreTable.of(location), READ_ONLY);
    }

    /**
     * Tells whether {@code location} is in local files (a path or a {@code file:} URL) rather than
     * in a remote or registered store.
     *
     * @param location a data location
     * @return true if its store is the local files'
     */
    public static boolean isLocal(String location) {
        return StoreTable.isLocal(location);
    }

    /**
     * The scheme of a location, by which the table picks its store.
     *
     * @param location a data location
     * @return its scheme in lower case: {@code file} for a path or a {@code file:} URL, {@code az}
     *     for {@code https://<account>.blob.core.windows.net/<container>/<path>} without a query
     *     (with one, a SAS, it is read as plain HTTPS)
     */
    public static String scheme(String location) {
        return StoreTable.scheme(location);
    }
}
