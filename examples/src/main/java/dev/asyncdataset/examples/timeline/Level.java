package dev.asyncdataset.examples.timeline;

/**
 * A value that holds from {@code time} until the next level of the same series.
 *
 * @param time seconds since the timeline's origin
 * @param value the value
 */
public record Level(double time, double value) {}
