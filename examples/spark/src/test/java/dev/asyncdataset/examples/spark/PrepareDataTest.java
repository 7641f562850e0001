package dev.asyncdataset.examples.spark;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.split;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.RecipeSettings;
import dev.asyncdataset.examples.ResNetTraining;
import dev.asyncdataset.examples.RunResult;
import dev.asyncdataset.examples.TrainResNet;
import dev.asyncdataset.examples.TrainingSettings;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.source.tar.TarShardSource;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PrepareData} at {@code local[2]} on real JPEGs, in one Spark session: the shards it writes
 * hold every image of the folder once with the folder's label and train a ResNet; the Parquet it
 * writes (Spark's writer, Snappy or Zstd, several row groups, null image paths) is read by {@link
 * ParquetSource} row by row; a row without an image fails the job naming it.
 */
@Tag("spark")
class PrepareDataTest {

    private static final int CLASSES = 3;
    private static final int PER_CLASS = 8;

    /** A shard of an earlier run with more partitions, left in the output folder. */
    private static final String STALE = "part-00009-000000.tar";

    @TempDir static Path temp;
    private static SparkSession spark;
    private static Path images;
    private static Path shards;
    private static Prepared written;

    @BeforeAll
    static void writeShards() throws Exception {
        spark =
                SparkSession.builder()
                        .master("local[2]")
                        .config("spark.ui.enabled", "false")
                        .config("spark.sql.shuffle.partitions", "2")
                        .getOrCreate();
        images = ImageNetLikeGenerator.write(temp.resolve("images"), CLASSES, PER_CLASS, 7);
        shards = Files.createDirectories(temp.resolve("shards"));
        Files.write(shards.resolve(STALE), new byte[512]);
        Files.write(shards.resolve(STALE + ".idx"), new byte[16]);
        written =
                PrepareData.run(
                        spark,
                        JobOptions.parse(
                                "--input %s --output %s --partitions 2 --shard-mb 1"
                                        .formatted(images, shards)
                                        .split(" ")));
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    @Test
    void theRunSaysTheImagesClassesShardsAndBytesItWrote() throws Exception {
        long bytes = 0;
        for (String shard : written.files()) {
            bytes += Files.size(Path.of(shard)) + Files.size(Path.of(shard + ".idx"));
        }
        assertEquals(CLASSES * PER_CLASS, written.images());
        assertEquals(CLASSES, written.classes());
        assertEquals(bytes, written.bytes());
        assertTrue(
                written.describe("out", 1)
                        .startsWith(
                                "%d images of %d classes in %d shards"
                                        .formatted(
                                                CLASSES * PER_CLASS,
                                                CLASSES,
                                                written.files().size())),
                written.describe("out", 1));
    }

    @Test
    void shardsHoldEveryImageOnceWithItsFolderLabelAndReplaceAnEarlierRunsShards()
            throws Exception {
        List<String> listed = Files.readAllLines(shards.resolve(PrepareData.SHARD_LIST));
        assertTrue(listed.size() >= 2, "a shard or more from each partition: " + listed);
        for (String shard : listed) {
            assertTrue(Files.isRegularFile(Path.of(shard + ".idx")), "index of " + shard);
        }
        assertFalse(Files.exists(shards.resolve(STALE)), "stale shard deleted");
        assertFalse(Files.exists(shards.resolve(STALE + ".idx")), "stale index deleted");
        try (LabeledImageSource folder =
                        FolderSource.builder().setLocation(images.toString()).build();
                LabeledImageSource source = listed(shards)) {
            assertEquals(folder.getClasses(), source.getClasses());
            assertEquals(contents(folder), contents(source));
        }
    }

    @Test
    void maxSideStoresEveryImageSmallerAndTheIndexSaysSo() throws Exception {
        Path small = temp.resolve("small");
        PrepareData.run(
                spark,
                JobOptions.parse(
                        "--input %s --output %s --partitions 2 --max-side 32 --jpeg-quality 80"
                                .formatted(images, small)
                                .split(" ")));
        try (LabeledImageSource folder =
                        FolderSource.builder().setLocation(images.toString()).build();
                LabeledImageSource source = listed(small)) {
            for (String shard : Files.readAllLines(small.resolve(PrepareData.SHARD_LIST))) {
                byte[] index = Files.readAllBytes(Path.of(shard + ShardIndexFile.SUFFIX));
                assertEquals(new ImageResize(32, 80), ShardIndexFile.resized(shard, index), shard);
            }
            for (long i = 0; i < source.size(); i++) {
                int side = read(source, i, PrepareDataTest::longestSide);
                assertTrue(side <= 32, source.describe(i) + ": longest side " + side);
            }
            assertEquals(labels(folder), labels(source));
        }
    }

    @Test
    void loaderTrainsFromTheShards() throws Exception {
        Options options =
                Options.parse(
                        new String[] {
                            "--train", shards.toString(), "--val", "none", "--format", "shards",
                            "--epochs", "1", "--batch-size", "8", "--image-size", "32",
                            "--gpus", "0", "--decode-threads", "2"
                        },
                        TrainResNet.defaults());
        RunResult result =
                ResNetTraining.run(
                        TrainingSettings.from(options),
                        RecipeSettings.from(options),
                        S3Connection.withDefaultCredentials(""));
        assertEquals(CLASSES * PER_CLASS, result.images(), "one epoch over every image");
        assertTrue(Float.isFinite(result.loss()), "loss " + result.loss());
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "zstd"})
    void parquetOutputIsReadRowByRowByParquetSource(String codec) throws Exception {
        Path hub = temp.resolve("hub-" + codec);
        spark.read()
                .format("binaryFile")
                .load(images + "/*/*.jpg")
                .withColumn("n", monotonically_increasing_id())
                .select(
                        struct(
                                        col("content").as("bytes"),
                                        when(col("n").mod(3).equalTo(0), lit(null))
                                                .otherwise(col("path"))
                                                .as("path"))
                                .as("image"),
                        element_at(split(col("path"), "/"), -2).as("label"))
                .write()
                .mode(SaveMode.Overwrite)
                .parquet(hub.toString());
        Path table = temp.resolve("table-" + codec);
        PrepareData.run(
                spark,
                JobOptions.parse(
                        ("--input %s --input-format parquet --output %s --format parquet"
                                        + " --partitions 2 --compression %s --row-group-rows 5")
                                .formatted(hub, table, codec)
                                .split(" ")));
        try (LabeledImageSource folder =
                        FolderSource.builder().setLocation(images.toString()).build();
                LabeledImageSource source =
                        ParquetSource.builder().setLocation(table + "/").build()) {
            assertEquals(contents(folder), contents(source));
            assertEquals(folder.getClasses(), Files.readAllLines(table.resolve("classes.txt")));
            Set<String> groups = new TreeSet<>();
            for (long i = 0; i < source.size(); i++) {
                String where = source.describe(i);
                groups.add(where.substring(0, where.lastIndexOf("row ")));
            }
            assertTrue(groups.size() > 2, "several row groups: " + groups);
        }
    }

    @Test
    void rowWithoutImageFailsTheJobNamingTheRow() {
        Path table = temp.resolve("no-image");
        spark.range(3)
                .select(
                        struct(lit(null).cast("binary").as("bytes"), lit("lost.jpg").as("path"))
                                .as("image"),
                        col("id").as("label"))
                .coalesce(1)
                .write()
                .parquet(table.toString());
        Exception e =
                assertThrows(
                        Exception.class,
                        () ->
                                PrepareData.run(
                                        spark,
                                        JobOptions.parse(
                                                "--input %s --input-format parquet --output %s"
                                                        .formatted(table, temp.resolve("none"))
                                                        .split(" "))));
        assertTrue(
                stackMessages(e)
                        .matches("(?s).*row \\d+ of partition \\d+ \\(lost.jpg\\): no image.*"),
                stackMessages(e));
    }

    private static String stackMessages(Throwable e) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        return messages.toString();
    }

    /** The shards a job wrote in {@code folder}, opened from its shard list. */
    private static LabeledImageSource listed(Path folder) throws Exception {
        return TarShardSource.builder()
                .setLocations(Files.readAllLines(folder.resolve(PrepareData.SHARD_LIST)))
                .build();
    }

    /** Every item as {@code label:base64(image)}, sorted: the same multiset for the same data. */
    private static List<String> contents(LabeledImageSource source) throws Exception {
        List<String> items = new ArrayList<>();
        for (long i = 0; i < source.size(); i++) {
            String image =
                    read(source, i, b -> US_ASCII.decode(Base64.getEncoder().encode(b)).toString());
            items.add(source.label(i) + ":" + image);
        }
        items.sort(null);
        return items;
    }

    /** Every item's label, sorted, from a source that knows them without a fetch. */
    private static List<Long> labels(LabeledImageSource source) throws Exception {
        List<Long> labels = new ArrayList<>();
        for (long i = 0; i < source.size(); i++) {
            labels.add(source.label(i));
        }
        labels.sort(null);
        return labels;
    }

    /** Reads what a test needs from an image. */
    @FunctionalInterface
    private interface ImageReader<T> {
        T read(ByteBuffer image) throws IOException;
    }

    /** What {@code reader} reads from item {@code index}'s image, the body then given back. */
    private static <T> T read(LabeledImageSource source, long index, ImageReader<T> reader)
            throws Exception {
        ByteBuffer body = source.fetch(null, index);
        try {
            return reader.read(body.duplicate());
        } finally {
            source.release(index, body);
        }
    }

    /** The longest side of an encoded image. */
    private static int longestSide(ByteBuffer image) throws IOException {
        byte[] bytes = new byte[image.remaining()];
        image.get(bytes);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(bytes));
        return Math.max(decoded.getWidth(), decoded.getHeight());
    }
}
