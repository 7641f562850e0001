package dev.asyncdataset.examples;

import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of a checkpoint's folder: {@code step-NNNNNNNNN} for the first checkpoint of a step and
 * {@code step-NNNNNNNNN-R}, R from 2, for each later one of the same step (the epoch-end checkpoint
 * after a periodic one at the epoch's last step, or a step trained again after a resume from an
 * earlier checkpoint). Checkpoints are ordered by step, then by R: the order they were written in.
 *
 * @param step the optimizer steps taken
 * @param revision 1 for the first checkpoint of the step, then 2, 3, ...
 */
record CheckpointName(long step, int revision) implements Comparable<CheckpointName> {

    /** The suffix of a folder being written or deleted, never a checkpoint. */
    static final String TEMPORARY = ".tmp";

    private static final Pattern NAME = Pattern.compile("step-(\\d{1,18})(?:-(\\d{1,9}))?");
    private static final Comparator<CheckpointName> ORDER =
            Comparator.comparingLong(CheckpointName::step)
                    .thenComparingInt(CheckpointName::revision);

    /**
     * Reads a folder's name.
     *
     * @param name a folder's file name
     * @return the checkpoint name, or empty if {@code name} is not one (a temporary folder
     *     included)
     */
    static Optional<CheckpointName> parse(String name) {
        Matcher matcher = NAME.matcher(name);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        int revision = matcher.group(2) == null ? 1 : Integer.parseInt(matcher.group(2));
        CheckpointName parsed = new CheckpointName(Long.parseLong(matcher.group(1)), revision);
        return Optional.of(parsed).filter(written -> written.toString().equals(name));
    }

    /** The next checkpoint of the same step. */
    CheckpointName next() {
        return new CheckpointName(step, revision + 1);
    }

    @Override
    public int compareTo(CheckpointName other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        String first = String.format("step-%09d", step);
        return revision == 1 ? first : first + "-" + revision;
    }
}
