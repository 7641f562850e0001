package dev.asyncdataset;

import dev.asyncdataset.internal.mix.MixShare;

/**
 * How much of one source an epoch of a mixed {@code ConcurrentDataset} takes (see {@link
 * ConcurrentDatasetBuilder#addSource(String, dev.asyncdataset.source.ItemSource, SourceShare)}),
 * with Mosaic Streaming's rules: a {@link #proportion} is relative to the other sources'
 * proportions and to the epoch size; {@link #repeat} and {@link #choose} are absolute, as is {@link
 * #once} (each item once: the source as it is). Proportions are not combined with absolute shares
 * in one dataset.
 */
public final class SourceShare {

    private final MixShare share;

    private SourceShare(MixShare.Kind kind, double value) {
        this.share = new MixShare(kind, value);
    }

    /**
     * Each item of the source once per epoch.
     *
     * @return the share
     */
    public static SourceShare once() {
        return new SourceShare(MixShare.Kind.ONCE, 1);
    }

    /**
     * A weight relative to the other sources': the source gives {@code weight / sum of weights} of
     * the epoch, the epoch size being {@code optEpochSize} or, without it, all sources' items.
     *
     * @param weight the relative weight, above 0
     * @return the share
     * @throws IllegalArgumentException if {@code weight} is not finite and above 0
     */
    public static SourceShare proportion(double weight) {
        return new SourceShare(MixShare.Kind.PROPORTION, weight);
    }

    /**
     * A factor of the source's items per epoch, rounded to a whole item: 3 gives each item three
     * times (every item twice before any a third time), 0.25 a different quarter each epoch.
     *
     * @param factor the factor, above 0
     * @return the share
     * @throws IllegalArgumentException if {@code factor} is not finite and above 0
     */
    public static SourceShare repeat(double factor) {
        return new SourceShare(MixShare.Kind.REPEAT, factor);
    }

    /**
     * An absolute number of items per epoch, below or above the source's size.
     *
     * @param items the items per epoch, at least 1
     * @return the share
     * @throws IllegalArgumentException if {@code items} is below 1
     */
    public static SourceShare choose(long items) {
        if (items < 1) {
            throw new IllegalArgumentException("choose < 1: " + items);
        }
        return new SourceShare(MixShare.Kind.CHOOSE, items);
    }

    /**
     * Returns the share as the call that makes it, such as {@code proportion(0.8)} or {@code
     * choose(10)}.
     *
     * @return the share's call
     */
    @Override
    public String toString() {
        return share.toString();
    }

    /** The share as the mixing engine reads it. */
    MixShare share() {
        return share;
    }
}
