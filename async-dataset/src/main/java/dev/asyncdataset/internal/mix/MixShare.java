package dev.asyncdataset.internal.mix;

import java.util.Locale;

/**
 * One source's share of a mix, as {@code SourceShare} makes it: a rule and its checked value.
 *
 * @param kind the rule
 * @param value the weight, factor or count
 */
public record MixShare(Kind kind, double value) {

    /** The rules a share can follow. */
    public enum Kind {
        /** Each item once per epoch. */
        ONCE,
        /** A weight relative to the other sources' weights. */
        PROPORTION,
        /** A factor of the source's items: 0.5 gives half of them, 3 each item three times. */
        REPEAT,
        /** An absolute number of items per epoch. */
        CHOOSE
    }

    /**
     * Checks the value for its kind.
     *
     * @throws IllegalArgumentException if the value is not finite and positive, or a count is not a
     *     whole number
     */
    public MixShare {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    kind.name().toLowerCase(Locale.ROOT) + " not > 0: " + value);
        }
        if ((kind == Kind.CHOOSE || kind == Kind.ONCE) && value != Math.rint(value)) {
            throw new IllegalArgumentException("choose not a whole number: " + value);
        }
    }

    /** Whether the share is relative (a proportion) rather than absolute. */
    boolean relative() {
        return kind == Kind.PROPORTION;
    }

    /**
     * Returns this share's weight for a source of {@code size} items: its items per epoch for an
     * absolute share, its relative weight for a proportion.
     */
    double weight(long size) {
        return switch (kind) {
            case ONCE -> size;
            case PROPORTION, CHOOSE -> value;
            case REPEAT -> Math.round(value * size);
        };
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
}
