package dev.asyncdataset.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The per-epoch CSV log of a training run: one row per epoch, appended (a resumed run continues the
 * file), the header written when the file is new.
 */
public final class EpochCsv {

    /** The columns. */
    public static final String HEADER =
            "epoch,train_loss,train_acc,val_top1,val_top5,images_per_s,data_wait_share,lr";

    private final Path file;

    /**
     * Opens the log at {@code file}, or none when {@code file} is empty.
     *
     * @param file the CSV file, or empty
     */
    public EpochCsv(String file) {
        this.file = file.isEmpty() ? null : Path.of(file);
    }

    /**
     * Appends the row of an epoch.
     *
     * @param epoch the epoch, from 1
     * @param totals the epoch's training totals
     * @param validation its validation accuracies
     * @param learningRate the learning rate of its last step
     * @throws IOException if the file cannot be written
     */
    public void append(int epoch, EpochTotals totals, Validation validation, float learningRate)
            throws IOException {
        if (file == null) {
            return;
        }
        String row =
                String.format(
                        Locale.ROOT,
                        "%d,%.5f,%.5f,%.5f,%.5f,%.1f,%.4f,%.6g%n",
                        epoch,
                        totals.meanLoss(),
                        totals.accuracy(),
                        validation.top1(),
                        validation.top5(),
                        totals.imagesPerSecond(),
                        totals.dataWaitShare(),
                        learningRate);
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        Files.writeString(
                file,
                fresh ? HEADER + System.lineSeparator() + row : row,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
