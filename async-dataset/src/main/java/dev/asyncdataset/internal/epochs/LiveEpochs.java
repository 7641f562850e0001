package dev.asyncdataset.internal.epochs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The epochs of one dataset that may still be read: those {@code getData} returned and that have
 * not ended. DJL never closes an epoch's iterable, so an epoch left with {@code break} would hold
 * its threads and memory until a garbage collection. Starting an epoch first closes every live one
 * whose trainer's manager is closed (no batch can be taken from it any more), so that what it holds
 * (a streamed epoch's shard buffers) goes back before the new epoch takes its own. Then at most
 * {@code max} epochs are live at once: starting one more closes the live epoch advanced least
 * recently, which is an abandoned one whenever there is one (it is never advanced again), before
 * any epoch still being read. Only the loaders are held, never the iterators, so an abandoned epoch
 * is also freed by the cleaner.
 */
public final class LiveEpochs {

    private final int max;
    private final List<EpochLoader> live = new ArrayList<>();

    /**
     * @param max the most epochs of the dataset live at once, at least 1
     */
    public LiveEpochs(int max) {
        this.max = max;
    }

    /**
     * Returns the most epochs of the dataset live at once.
     *
     * @return the cap
     */
    public int max() {
        return max;
    }

    /**
     * Closes the live epochs whose trainer's manager is closed, then makes {@code next} live; if
     * that makes more than {@link #max()} live epochs, closes the one advanced least recently: its
     * iterator's {@code hasNext} and {@code next} then throw a {@code DataLoadingException} that
     * names the cap.
     *
     * @param next the new epoch
     * @return {@code next}
     */
    public EpochIterator add(EpochIterator next) {
        List<EpochLoader> over;
        synchronized (this) {
            over = live.stream().filter(EpochLoader::isOver).toList();
            live.removeAll(over);
        }
        over.forEach(EpochLoader::close);
        EpochLoader evicted = null;
        synchronized (this) {
            if (live.size() >= max) {
                evicted =
                        live.stream()
                                .min(Comparator.comparingLong(EpochLoader::lastAdvanced))
                                .get();
                live.remove(evicted);
            }
            live.add(next.loader());
        }
        if (evicted != null) {
            evicted.evict(max);
        }
        return next;
    }
}
