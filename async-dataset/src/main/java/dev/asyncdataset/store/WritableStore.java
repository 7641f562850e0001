package dev.asyncdataset.store;

import java.io.IOException;

/**
 * An {@link ObjectStore} that can also write, as the shard writer's output: objects written whole
 * and atomically ({@link #create}), and deleted. A store declares that it can write by implementing
 * this interface; a store that does not is read only, and the shard writer refuses it as its
 * output, naming the location. Implementations must be thread-safe (each {@link ObjectOutput} is
 * used by one thread). The library retries each call after a failure that may pass (an {@link
 * IOException} other than {@link RequestRejected}), so each must be safe to repeat.
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
     * Deletes the object at {@code url}; a missing object is no error.
     *
     * @param url the object's location
     * @throws IOException if the store fails
     */
    void delete(String url) throws IOException;
}
