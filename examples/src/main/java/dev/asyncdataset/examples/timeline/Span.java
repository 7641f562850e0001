package dev.asyncdataset.examples.timeline;

/**
 * One recorded activity, in seconds since the timeline's origin.
 *
 * @param start when it began
 * @param end when it ended
 * @param epoch its epoch, -1 if it has none
 * @param batch its batch in the epoch, -1 if it has none
 */
public record Span(double start, double end, long epoch, long batch) {

    /**
     * Returns how long it lasted.
     *
     * @return seconds
     */
    public double seconds() {
        return end - start;
    }
}
