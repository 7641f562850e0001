package dev.asyncdataset.epoch;

import java.util.Objects;

/**
 * Where a {@code PackedDataset} is in its run: the next packed window starts {@code tokens} tokens
 * into the document batch that {@code documents} points at. The tokens read and not yet packed are
 * thus part of the state without being stored in it: a run resumed from it reads that document
 * batch again, leaves out its first {@code tokens} tokens and gives the same windows as an
 * uninterrupted run. The tokens are a rank's own: each rank resumes from the state it saved, at the
 * world size it saved it at.
 *
 * @param documents the document loader's state before the batch the next window starts in
 * @param tokens the tokens of that batch already packed, at least 0
 */
public record PackedState(IterationState documents, long tokens) {

    private static final String TOKENS = ",tokens=";

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if {@code tokens} is negative
     */
    public PackedState {
        Objects.requireNonNull(documents, "documents");
        if (tokens < 0) {
            throw new IllegalArgumentException("tokens < 0: " + tokens);
        }
    }

    /**
     * Parses the form {@link #format()} writes, such as {@code
     * "seed=7,epoch=0,batches=12,tokens=90"}.
     *
     * @param text the saved state
     * @return the state
     * @throws IllegalArgumentException if {@code text} is not in that form
     */
    public static PackedState parse(String text) {
        int at = text.lastIndexOf(TOKENS);
        if (at < 0) {
            throw new IllegalArgumentException("not a packed state: " + text);
        }
        try {
            return new PackedState(
                    IterationState.parse(text.substring(0, at)),
                    Long.parseLong(text.substring(at + TOKENS.length())));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a packed state: " + text, e);
        }
    }

    /**
     * Writes the state in a form {@link #parse} reads, for a checkpoint's properties.
     *
     * @return the state as text
     */
    public String format() {
        return documents.format() + TOKENS + tokens;
    }
}
