package dev.asyncdataset.internal.mix;

import java.util.List;

/**
 * The items each source of a mix gives per epoch, with Mosaic Streaming's rules: proportions share
 * the epoch size ({@code optEpochSize}, else all sources' items) by weight; absolute shares give
 * their own counts ({@code once}: the source's size, {@code repeat}: the factor times it, rounded;
 * {@code choose}: the count), which an epoch size scales as weights. Whenever weights share an
 * epoch, the counts are exact by largest remainder: each source gets the floor of its quota, and
 * the items left go to the largest fractions, the first source first on a tie.
 */
final class MixCounts {

    private MixCounts() {}

    /**
     * Checks that proportions are not combined with absolute shares.
     *
     * @param names the sources' names, in order
     * @param shares the sources' shares, in the same order
     * @throws IllegalArgumentException naming a source with a proportion and one with an absolute
     *     share if both occur
     */
    static void checkRules(List<String> names, List<MixShare> shares) {
        int relative = -1;
        int absolute = -1;
        for (int s = 0; s < shares.size(); s++) {
            if (shares.get(s).relative()) {
                relative = relative < 0 ? s : relative;
            } else {
                absolute = absolute < 0 ? s : absolute;
            }
        }
        if (relative >= 0 && absolute >= 0) {
            throw new IllegalArgumentException(
                    "proportions are not combined with absolute shares: "
                            + names.get(relative)
                            + " has "
                            + shares.get(relative)
                            + ", "
                            + names.get(absolute)
                            + " has "
                            + shares.get(absolute));
        }
    }

    /**
     * Returns each source's items per epoch.
     *
     * @param shares the sources' shares, in order
     * @param sizes the sources' sizes, in the same order
     * @param epochSize the epoch size, or 0 for the default
     * @return the items of each source per epoch
     */
    static long[] of(List<MixShare> shares, long[] sizes, long epochSize) {
        double[] weights = new double[sizes.length];
        long total = 0;
        for (int s = 0; s < sizes.length; s++) {
            weights[s] = shares.get(s).weight(sizes[s]);
            total += sizes[s];
        }
        boolean relative = shares.get(0).relative();
        if (!relative && epochSize == 0) {
            long[] counts = new long[sizes.length];
            for (int s = 0; s < sizes.length; s++) {
                counts[s] = (long) weights[s];
            }
            return counts;
        }
        return largestRemainder(weights, epochSize > 0 ? epochSize : total);
    }

    /** Splits {@code total} by {@code weights}: floors of the quotas, the rest by fraction. */
    static long[] largestRemainder(double[] weights, long total) {
        double sum = 0;
        for (double weight : weights) {
            sum += weight;
        }
        long[] counts = new long[weights.length];
        double[] fractions = new double[weights.length];
        long given = 0;
        for (int s = 0; s < weights.length; s++) {
            double quota = sum == 0 ? 0 : total * (weights[s] / sum);
            counts[s] = (long) Math.floor(quota);
            fractions[s] = quota - counts[s];
            given += counts[s];
        }
        for (long left = total - given; left > 0; left--) {
            int best = 0;
            for (int s = 1; s < weights.length; s++) {
                if (fractions[s] > fractions[best]) {
                    best = s;
                }
            }
            counts[best]++;
            fractions[best] = -1;
        }
        return counts;
    }
}
