package dev.asyncdataset.source;

import java.util.Locale;

/**
 * How much of one source an epoch of a mixed {@code ConcurrentDataset} takes (see {@code
 * ConcurrentDatasetBuilder.addSource}), with Mosaic Streaming's rules: a {@link #proportion} is
 * relative to the other sources' proportions and to the epoch size; {@link #repeat} and {@link
 * #choose} are absolute, as is {@link #once} (each item once: the source as it is). Proportions are
 * not combined with absolute shares in one dataset.
 */
public final class SourceShare {

    /** The rules a share can follow. */
    private enum Kind {
        /** Each item once per epoch. */
        ONCE,
        /** A weight relative to the other sources' weights. */
        PROPORTION,
        /** A factor of the source's items: 0.5 gives half of them, 3 each item three times. */
        REPEAT,
        /** An absolute number of items per epoch. */
        CHOOSE
    }

    private final Kind kind;
    private final double value;

    /**
     * Checks the value for its kind.
     *
     * @throws IllegalArgumentException if the value is not finite and positive, or a count is not a
     *     whole number
     */
    private SourceShare(Kind kind, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    kind.name().toLowerCase(Locale.ROOT) + " not > 0: " + value);
        }
        if ((kind == Kind.CHOOSE || kind == Kind.ONCE) && value != Math.rint(value)) {
            throw new IllegalArgumentException("choose not a whole number: " + value);
        }
        this.kind = kind;
        this.value = value;
    }

    /**
     * Each item of the source once per epoch.
     *
     * @return the share
     */
    public static SourceShare once() {
        return new SourceShare(Kind.ONCE, 1);
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
        return new SourceShare(Kind.PROPORTION, weight);
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
        return new SourceShare(Kind.REPEAT, factor);
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
        return new SourceShare(Kind.CHOOSE, items);
    }

    /**
     * Returns the share as the call that makes it, such as {@code proportion(0.8)} or {@code
     * choose(10)}.
     *
     * @return the share's call
     */
    @Override
    public String toString() {
        String name = kind.name().toLowerCase(Locale.ROOT);
        return switch (kind) {
            case ONCE -> name + "()";
            case CHOOSE -> name + "(" + (long) value + ")";
            case PROPORTION, REPEAT -> name + "(" + value + ")";
        };
    }

    /**
     * Whether the share is relative ({@link #proportion}) rather than absolute.
     *
     * @return whether it is a proportion
     */
    public boolean relative() {
        return kind == Kind.PROPORTION;
    }

    /**
     * Returns this share's weight for a source of {@code size} items: its items per epoch for an
     * absolute share, its relative weight for a {@link #proportion}.
     *
     * @param size the source's items
     * @return the weight
     */
    public double weight(long size) {
        return switch (kind) {
            case ONCE -> size;
            case PROPORTION, CHOOSE -> value;
            case REPEAT -> Math.round(value * size);
        };
    }
}
