package dev.asyncdataset.internal.pipeline;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.source.ItemSource;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides what a failed item does to its batch: a bad item is skipped when the loader skips bad
 * items (counted, its key logged once); anything else fails the batch with a {@link
 * DataLoadingException} that names the batch, the index and the key.
 */
final class ItemFailures {

    private static final Logger logger = LoggerFactory.getLogger(ItemFailures.class);

    private final ItemSource<?> source;
    private final boolean skipBad;
    private final StatsCounter stats;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    ItemFailures(ItemSource<?> source, boolean skipBad, StatsCounter stats) {
        this.source = source;
        this.skipBad = skipBad;
        this.stats = stats;
    }

    /**
     * Handles the failure of one item.
     *
     * @param decoding whether it failed while decoding, which always means a bad item
     * @return whether skipping the item filled the batch's last slot: the caller has it collated
     */
    boolean handle(PendingBatch batch, int slot, Throwable error, boolean decoding) {
        long index = batch.indices.get(slot);
        String key = source.describe(index);
        boolean bad = decoding || error instanceof BadItemException;
        if (bad && skipBad) {
            stats.skippedItem(index);
            if (logged.add(key)) {
                logger.warn("skipping bad item {} ({}): {}", index, key, error.toString());
            }
            return batch.skip(slot);
        }
        String what = bad ? "bad item: " : "storage failure: ";
        batch.fail(new DataLoadingException(batch.seq, index, key, what + error, error));
        return false;
    }
}
