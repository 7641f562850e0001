package dev.asyncdataset.store;

import java.io.IOException;
import java.util.function.Predicate;

/**
 * An {@link ObjectStore} that can also write, as the shard writer's output: objects written whole
 * and atomically ({@link #create}), deleted, and the leftovers of writes a killed process never
 * finished dropped. A store declares that it can write by implementing this interface; a store that
 * does not is read only, and the shard writer refuses it as its output, naming the location.
 * Implementations must be thread-safe (each {@link ObjectOutput} is used by one thread). The
 * library retries each call after a failure that may pass (an {@link IOException} other than {@link
 * RequestRejected}), so each must be safe to repeat.
 */
public interface WritableStore extends ObjectStore {

    /**
     * Starts writing the object at {@code url}: nothing is visible there until the output's {@link
     * ObjectOutput#commit()}, and closing the output without a commit leaves nothing.
     *
     * @param url the object's location
     * @return the output, which the caller commits and closes
     * @throws IOException if the store fails
     */
    ObjectOutput create(String url) throws IOException;

    /**
     * Writes {@code bytes} as the object at {@code url} at once, replacing what was there; by
     * default through {@link #create}.
     *
     * @param url the object's location
     * @param bytes the object's bytes
     * @throws IOException if the store fails; the object is then as it was
     */
    default void put(String url, byte[] bytes) throws IOException {
        try (ObjectOutput out = create(url)) {
            out.stream().write(bytes);
            out.commit();
        }
    }

    /**
     * Deletes the object at {@code url}; a missing object is no error.
     *
     * @param url the object's location
     * @throws IOException if the store fails
     */
    void delete(String url) throws IOException;

    /**
     * Drops what writes under {@code prefix} that never committed nor closed (a process killed
     * midway) left behind, for the object names directly under it that {@code ours} accepts: a
     * folder's temporary files, S3's open multipart uploads. By default there is nothing to drop (a
     * store whose unfinished writes take no room, or are dropped by the store itself).
     *
     * @param prefix a location ending with {@code /}, or a folder
     * @param ours accepts the names (after the prefix) whose leftovers may be dropped
     * @return how many were dropped
     * @throws IOException if the store fails
     */
    default int dropUnfinished(String prefix, Predicate<String> ours) throws IOException {
        return 0;
    }
}
