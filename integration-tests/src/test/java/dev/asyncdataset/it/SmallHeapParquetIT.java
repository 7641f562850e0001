package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.testing.TestImages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streamed Parquet in a JVM whose heap is a quarter of the files: 2,048 JPEGs of 1 MiB (a small
 * image after a megabyte of comment segments, which decoders skip), Snappy, row groups of 8 rows in
 * one page of 8 MiB each (over G1's region size at this heap, so each page's array is a humongous
 * object), streamed twice by {@code ConcurrentDataset}'s defaults in a child JVM with {@code
 * -Xmx512m}: every item of both epochs, no {@code OutOfMemoryError}.
 */
class SmallHeapParquetIT {

    private static final int FILES = 8;
    private static final int ROWS_PER_FILE = 256;
    private static final int GROUP = 8;
    private static final int IMAGE_BYTES = 1 << 20;
    private static final int EPOCHS = 2;
    private static final String HEAP = "-Xmx512m";

    @TempDir Path dir;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void aSetFourTimesTheHeapStreamsEveryItemWithoutRunningOutOfMemory() throws Exception {
        Path files = Files.createDirectories(dir.resolve("parquet"));
        for (int f = 0; f < FILES; f++) {
            ParquetFixtures.parquetJava(
                    files.resolve("train-" + f + ".parquet"),
                    rows(f),
                    CompressionCodecName.SNAPPY,
                    GROUP,
                    false);
        }
        List<String> output = stream(files.toString() + "/");
        long region = Long.parseLong(output.get(0).replace("region bytes ", ""));
        assertTrue(GROUP * (long) IMAGE_BYTES > region, "pages over the region size " + region);
        for (int epoch = 0; epoch < EPOCHS; epoch++) {
            assertEquals(
                    "epoch " + epoch + " items " + FILES * ROWS_PER_FILE, output.get(1 + epoch));
        }
    }

    private static List<Row> rows(int file) {
        SplittableRandom random = new SplittableRandom(file);
        byte[] small = TestImages.jpeg(24, 16, file);
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < ROWS_PER_FILE; r++) {
            rows.add(
                    new Row(
                            ParquetFixtures.padded(small, IMAGE_BYTES, random),
                            "image-" + r + ".jpg",
                            (long) (r % 4)));
        }
        return rows;
    }

    /** Runs {@link StreamParquetEpochs} in a child JVM with a small heap; returns its output. */
    private static List<String> stream(String location) throws Exception {
        List<String> command =
                List.of(
                        ProcessHandle.current().info().command().orElse("java"),
                        "--enable-native-access=ALL-UNNAMED",
                        HEAP,
                        "-XX:+UseG1GC",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        System.getProperty("java.class.path"),
                        StreamParquetEpochs.class.getName(),
                        location,
                        Integer.toString(EPOCHS));
        Path log = Files.createTempFile("stream-parquet", ".log");
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        try {
            if (!process.waitFor(8, TimeUnit.MINUTES)) {
                throw new AssertionError("still streaming after 8 minutes:\n" + read(log));
            }
            assertEquals(0, process.exitValue(), read(log));
            return Files.readAllLines(log).stream()
                    .filter(l -> l.startsWith("region bytes") || l.startsWith("epoch "))
                    .toList();
        } finally {
            process.destroyForcibly();
            Files.delete(log);
        }
    }

    private static String read(Path log) throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
