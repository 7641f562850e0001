package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.util.function.Predicate;

/**
 * A store whose writes that never committed nor closed (a process killed midway) leave something
 * behind, which it can drop: a folder's temporary files, S3's open multipart uploads; and the
 * library's wrappers of stores, which pass that on. Any other store has nothing to drop.
 */
public interface UnfinishedWrites {

    /**
     * Drops what unfinished writes under {@code prefix} left behind, for the object names directly
     * under it that {@code ours} accepts.
     *
     * @param prefix a location ending with {@code /}, or a folder
     * @param ours accepts the names (after the prefix) whose leftovers may be dropped
     * @return how many were dropped
     * @throws IOException if the store fails
     */
    int dropUnfinished(String prefix, Predicate<String> ours) throws IOException;

    /**
     * Drops what unfinished writes left in {@code store} under {@code prefix}, where it can have
     * any.
     *
     * @param store the store
     * @param prefix a location ending with {@code /}, or a folder
     * @param ours accepts the names (after the prefix) whose leftovers may be dropped
     * @return how many were dropped
     * @throws IOException if the store fails
     */
    static int drop(WritableStore store, String prefix, Predicate<String> ours) throws IOException {
        return store instanceof UnfinishedWrites unfinished
                ? unfinished.dropUnfinished(prefix, ours)
                : 0;
    }
}
