package dev.asyncdataset;

import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.epoch.LoaderStats;

/**
 * What the loader does with an item that cannot be read: missing, corrupt, not an image, or still
 * failing after the source's last retry (a {@code BadItemException}).
 */
public enum BadItemPolicy {

    /**
     * End the iteration: the trainer's next {@code next()} throws a {@link DataLoadingException}
     * that names the batch, the index and the key. The default.
     */
    FAIL,

    /**
     * Leave the item out of its batch, which is then smaller (a batch whose items are all bad is
     * left out entirely); count it in {@link LoaderStats#skippedItems()} and log its key once.
     */
    SKIP
}
