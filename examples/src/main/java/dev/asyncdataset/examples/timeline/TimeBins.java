package dev.asyncdataset.examples.timeline;

import java.util.Arrays;
import java.util.List;

/**
 * Wall time cut into equal bins, for lanes too dense to draw one mark per event: how many spans
 * were running on average in each bin, or the highest level each bin saw.
 *
 * @param end the time the last bin ends, in seconds
 * @param count the number of bins
 */
public record TimeBins(double end, int count) {

    /**
     * Returns the width of one bin.
     *
     * @return seconds
     */
    public double width() {
        return end / count;
    }

    /**
     * Returns the average number of {@code spans} running in each bin: for items, how many were in
     * flight; for one thread's work, the share of the bin it was busy.
     *
     * @param spans the activities
     * @return one value per bin
     */
    public double[] busy(List<Span> spans) {
        double[] busy = new double[count];
        for (Span span : spans) {
            int first = bin(span.start());
            int last = bin(span.end());
            for (int i = first; i <= last; i++) {
                double overlap =
                        Math.min(span.end(), (i + 1) * width())
                                - Math.max(span.start(), i * width());
                busy[i] += Math.max(0, overlap) / width();
            }
        }
        return busy;
    }

    /**
     * Returns the highest value each bin saw of a series of levels, each holding until the next;
     * {@code NaN} before the first.
     *
     * @param levels the series, in time order
     * @return one value per bin
     */
    public double[] highest(List<Level> levels) {
        double[] highest = new double[count];
        Arrays.fill(highest, Double.NaN);
        for (int l = 0; l < levels.size(); l++) {
            double until = l + 1 < levels.size() ? levels.get(l + 1).time() : end;
            double value = levels.get(l).value();
            for (int i = bin(levels.get(l).time()); i <= bin(until); i++) {
                highest[i] = Double.isNaN(highest[i]) ? value : Math.max(highest[i], value);
            }
        }
        return highest;
    }

    /**
     * Returns the values of the bins up to {@code time}, the ones after it left out.
     *
     * @param values one value per bin
     * @param time seconds
     * @return the first values, as many as there are bins up to {@code time}
     */
    public double[] until(double[] values, double time) {
        return Arrays.copyOf(values, Math.min(values.length, (int) Math.ceil(time / width())));
    }

    private int bin(double time) {
        return (int) Math.max(0, Math.min(count - 1, Math.floor(time / width())));
    }
}
