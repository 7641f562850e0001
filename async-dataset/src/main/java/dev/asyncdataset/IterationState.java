package dev.asyncdataset;

/**
 * Where a seeded {@link ConcurrentDataset} is in its run: save it with a model checkpoint and pass
 * it to {@link ConcurrentDataset.Builder#optResumeFrom} after a restart to get exactly the
 * remaining batches of the epoch, in the same order, with the same augmentation.
 *
 * @param seed the loader's seed
 * @param epoch the epoch, counted from 0
 * @param batches the batches of that epoch already handed to the trainer
 */
public record IterationState(long seed, long epoch, long batches) {

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if the epoch or the batch count is negative
     */
    public IterationState {
        if (epoch < 0 || batches < 0) {
            throw new IllegalArgumentException(
                    "epoch < 0 or batches < 0: " + epoch + ", " + batches);
        }
    }

    /**
     * Parses the form {@link #format()} writes, such as {@code "seed=7,epoch=3,batches=120"}.
     *
     * @param text the saved state
     * @return the state
     * @throws IllegalArgumentException if {@code text} is not in that form
     */
    public static IterationState parse(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("not an iteration state: " + text);
        }
        try {
            return new IterationState(
                    value(parts[0], "seed"), value(parts[1], "epoch"), value(parts[2], "batches"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an iteration state: " + text, e);
        }
    }

    /**
     * Writes the state in a form {@link #parse} reads, for a checkpoint's properties.
     *
     * @return the state as text
     */
    public String format() {
        return "seed=" + seed + ",epoch=" + epoch + ",batches=" + batches;
    }

    private static long value(String part, String name) {
        if (!part.startsWith(name + "=")) {
            throw new IllegalArgumentException("expected " + name + "=...: " + part);
        }
        return Long.parseLong(part.substring(name.length() + 1));
    }
}
