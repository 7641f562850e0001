package dev.asyncdataset.examples;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The per-step log of a training run, to check what it trained on: one line per optimizer step,
 * {@code epoch,batch,step,loss,key key ...} (the loss as Java prints a float, exactly; the batch's
 * item keys in batch order), appended and flushed at once, so a run killed at any point leaves
 * every finished step's line.
 */
public final class StepLog implements AutoCloseable {

    private final BufferedWriter out;
    private final LongFunction<String> keys;

    private StepLog(BufferedWriter out, LongFunction<String> keys) {
        this.out = out;
        this.keys = keys;
    }

    /**
     * Opens the log at {@code file} for appending, or a log that writes nothing.
     *
     * @param file the log file, or empty for none
     * @param keys each item index's key
     * @return the log
     * @throws IOException if the file cannot be opened
     */
    public static StepLog open(String file, LongFunction<String> keys) throws IOException {
        if (file.isEmpty()) {
            return new StepLog(null, keys);
        }
        BufferedWriter out =
                Files.newBufferedWriter(
                        Path.of(file),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
        return new StepLog(out, keys);
    }

    /**
     * Writes the line of one step.
     *
     * @param epoch the epoch, from 0
     * @param batch the batch within the epoch, from 0
     * @param step the optimizer steps taken, this one included
     * @param loss the step's mean loss
     * @param indices the batch's item indices
     * @throws IOException if the line cannot be written
     */
    public void write(int epoch, long batch, long step, float loss, List<?> indices)
            throws IOException {
        if (out == null) {
            return;
        }
        StringBuilder line =
                new StringBuilder().append(epoch).append(',').append(batch).append(',');
        line.append(step).append(',').append(loss).append(',');
        for (int i = 0; i < indices.size(); i++) {
            line.append(i == 0 ? "" : " ")
                    .append(keys.apply(((Number) indices.get(i)).longValue()));
        }
        out.write(line.append('\n').toString());
        out.flush();
    }

    /** Closes the file. */
    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
        }
    }
}
