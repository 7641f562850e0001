package dev.asyncdataset.internal.pipeline;

/**
 * A source whose fetch of an item may wait for memory that other items' fetches must free first: a
 * streamed view of shards, whose items wait for their shard to load. The fetch stage waits here
 * before it takes a fetch slot, so that the slots are held only by fetches that can go on.
 */
public interface ReadyWait {

    /**
     * Waits until fetching item {@code index} will not wait for another fetch.
     *
     * @param index the item index
     * @throws InterruptedException if interrupted while waiting
     */
    void awaitReady(long index) throws InterruptedException;

    /**
     * Waits as {@code source} does for item {@code index}; returns at once for any other source.
     *
     * @param source any source
     * @param index the item index
     * @throws InterruptedException if interrupted while waiting
     */
    static void awaitReady(Object source, long index) throws InterruptedException {
        if (source instanceof ReadyWait waits) {
            waits.awaitReady(index);
        }
    }
}
