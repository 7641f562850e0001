package dev.asyncdataset.examples.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What one run of {@link PrepareData} wrote.
 *
 * @param files the shards' locations in order, or the Parquet table's files
 * @param images the images written
 * @param classes the classes they are labelled with
 * @param bytes the bytes of {@code files} (shard indexes included)
 * @param format {@code shards} or {@code parquet}
 */
public record Prepared(List<String> files, long images, int classes, long bytes, String format) {

    /**
     * Returns what {@code files}, written in {@code format}, hold: their bytes as listed, with the
     * shards' indexes.
     *
     * @param files the files written
     * @param images the images in them
     * @param classes the classes of the images
     * @param format {@code shards} or {@code parquet}
     * @return the summary
     * @throws IOException if a file's size cannot be read
     */
    static Prepared of(List<String> files, long images, int classes, String format)
            throws IOException {
        long bytes = 0;
        for (String file : files) {
            bytes += Files.size(Path.of(file));
            Path index = Path.of(file + ".idx");
            bytes += Files.exists(index) ? Files.size(index) : 0;
        }
        return new Prepared(files, images, classes, bytes, format);
    }

    /**
     * Describes the run in one line.
     *
     * @param output where it wrote
     * @param seconds how long it took
     * @return {@code 240 images of 3 classes in 2 shards, 1.2 MB, in DIR (28.1 s)}
     */
    public String describe(String output, double seconds) {
        return String.format(
                Locale.ROOT,
                "%d images of %d classes in %d %s, %.1f MB, in %s (%.1f s)",
                images,
                classes,
                files.size(),
                format.equals("shards") ? "shards" : "Parquet files",
                bytes / 1e6,
                output,
                seconds);
    }
}
