package dev.asyncdataset.epoch;

/**
 * Where a seeded {@link dev.asyncdataset.ConcurrentDataset} is in its run: save it with a model
 * checkpoint and pass it to {@link dev.asyncdataset.ConcurrentDatasetBuilder#optResumeFrom} after a
 * restart to get exactly the remaining batches of the epoch, in the same order, with the same
 * augmentation.
 *
 * <p>A streamed shard source (the default for {@link dev.asyncdataset.source.ShardedSource}s) and a
 * mix of sources ({@code addSource}) also save {@code samples}, the samples of the epoch that all
 * ranks together have consumed, and {@code partitions}, the canonical partitions the shards' order
 * was dealt to. That order does not depend on the number of ranks, so such a state resumes at any
 * world size: a job saved at 8 ranks resumes at 4 or 16 with no sample of the epoch repeated or
 * dropped.
 *
 * <p>A {@link dev.asyncdataset.PackedDataset} saves the documents' state before the document batch
 * its next window starts in, and {@code tokens}, the tokens of that batch already packed: a run
 * resumed from it reads that batch again, leaves those tokens out and gives the same windows as an
 * uninterrupted run. The tokens are a rank's own: each rank resumes at the world size it saved at.
 *
 * @param seed the loader's seed
 * @param epoch the epoch, counted from 0
 * @param batches the batches of that epoch already handed to the trainer (by each rank)
 * @param samples the epoch's samples consumed by all ranks together when streaming shards or
 *     mixing, or -1
 * @param partitions the canonical partitions of the streamed order, or 0 when neither
 * @param tokens the tokens of the current document batch already packed, or 0 when not packing
 */
public record IterationState(
        long seed, long epoch, long batches, long samples, int partitions, long tokens) {

    private static final String TOKENS = ",tokens=";

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if the epoch, the batch or the token count is negative, or
     *     the sample count below -1, or the partitions not 0 without a sample count and at least 1
     *     with one
     */
    public IterationState {
        if (tokens < 0) {
            throw new IllegalArgumentException("tokens < 0: " + tokens);
        }
        if (epoch < 0
                || batches < 0
                || samples < -1
                || (samples < 0 ? partitions != 0 : partitions < 1)) {
            throw new IllegalArgumentException(
                    "epoch < 0, batches < 0, samples < -1, or partitions not 0 without samples"
                            + " and >= 1 with: "
                            + epoch
                            + ", "
                            + batches
                            + ", "
                            + samples
                            + ", "
                            + partitions);
        }
    }

    /**
     * Creates a state of a loader that does not pack, as {@link dev.asyncdataset.ConcurrentDataset}
     * saves it.
     *
     * @param seed the loader's seed
     * @param epoch the epoch, counted from 0
     * @param batches the batches of that epoch already handed to the trainer (by each rank)
     * @param samples the epoch's samples consumed by all ranks together, or -1
     * @param partitions the canonical partitions of the streamed order, or 0 without a sample count
     * @throws IllegalArgumentException if the values are out of range, as for the canonical form
     */
    public IterationState(long seed, long epoch, long batches, long samples, int partitions) {
        this(seed, epoch, batches, samples, partitions, 0);
    }

    /**
     * Creates a state without a sample count, as random access saves it.
     *
     * @param seed the loader's seed
     * @param epoch the epoch, counted from 0
     * @param batches the batches of that epoch already handed to the trainer
     * @throws IllegalArgumentException if the epoch or the batch count is negative
     */
    public IterationState(long seed, long epoch, long batches) {
        this(seed, epoch, batches, -1, 0, 0);
    }

    /**
     * Parses the form {@link #format()} writes, such as {@code "seed=7,epoch=3,batches=120"} or
     * {@code "seed=7,epoch=3,batches=120,samples=30720,partitions=8"}, either followed by {@code
     * ",tokens=90"} when packing.
     *
     * @param text the saved state
     * @return the state
     * @throws IllegalArgumentException if {@code text} is not in that form
     */
    public static IterationState parse(String text) {
        int at = text.lastIndexOf(TOKENS);
        String[] parts = (at < 0 ? text : text.substring(0, at)).split(",", -1);
        if (parts.length != 3 && parts.length != 5) {
            throw new IllegalArgumentException("not an iteration state: " + text);
        }
        try {
            return new IterationState(
                    value(parts[0], "seed"),
                    value(parts[1], "epoch"),
                    value(parts[2], "batches"),
                    parts.length == 5 ? value(parts[3], "samples") : -1,
                    parts.length == 5 ? Math.toIntExact(value(parts[4], "partitions")) : 0,
                    at < 0 ? 0 : Long.parseLong(text.substring(at + TOKENS.length())));
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("not an iteration state: " + text, e);
        }
    }

    /**
     * Writes the state in a form {@link #parse} reads, for a checkpoint's properties.
     *
     * @return the state as text
     */
    public String format() {
        String saved = "seed=" + seed + ",epoch=" + epoch + ",batches=" + batches;
        String streamed =
                samples < 0 ? saved : saved + ",samples=" + samples + ",partitions=" + partitions;
        return tokens == 0 ? streamed : streamed + TOKENS + tokens;
    }

    private static long value(String part, String name) {
        if (!part.startsWith(name + "=")) {
            throw new IllegalArgumentException("expected " + name + "=...: " + part);
        }
        return Long.parseLong(part.substring(name.length() + 1));
    }
}
