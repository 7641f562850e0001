package dev.asyncdataset.examples.spark;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options of {@link PrepareData}, from {@code --name value} pairs.
 *
 * @param input the images: a folder or Hadoop URI ({@code s3a://bucket/prefix}) of {@code
 *     <class>/<file>}, or a Parquet table
 * @param inputFormat {@code images} (Spark's {@code binaryFile} source) or {@code parquet}
 * @param imageColumn of a Parquet input: the Hub's {@code {bytes, path}} struct or a binary column
 * @param labelColumn of a Parquet input: an integer, or a string looked up in its sorted values
 * @param output the folder written: shards, or a Parquet table with {@code --format parquet}
 * @param format {@code shards} (WebDataset tar shards) or {@code parquet} (Hub image layout)
 * @param partitions the partitions written in parallel, 0 for Spark's default parallelism
 * @param shardBytes the size a shard is closed at
 * @param maxSide the longest side JPEGs are stored at, 0 to store them as they come
 * @param jpegQuality the quality of re-encoded JPEGs
 * @param seed the seed of the order of the samples
 * @param compression the Parquet codec: {@code snappy}, {@code zstd}, {@code gzip} or {@code none}
 * @param rowGroupRows the most rows of a Parquet row group, 0 for Parquet's size-based groups
 */
public record JobOptions(
        String input,
        String inputFormat,
        String imageColumn,
        String labelColumn,
        String output,
        String format,
        int partitions,
        long shardBytes,
        int maxSide,
        int jpegQuality,
        long seed,
        String compression,
        int rowGroupRows)
        implements Serializable {

    private static final String DEFAULTS =
            "--input-format images --image-column image --label-column label --format shards"
                    + " --partitions 0 --shard-mb 128 --max-side 0 --jpeg-quality 90 --seed 0"
                    + " --compression snappy --row-group-rows 0";

    /**
     * Parses {@code --name value} pairs; {@code --input} and {@code --output} are required.
     *
     * @param args the command line
     * @return the options
     * @throws IllegalArgumentException naming the option that is unknown, missing or malformed
     */
    public static JobOptions parse(String... args) {
        Map<String, String> values = pairs(DEFAULTS.split(" "));
        Map<String, String> given = pairs(args);
        for (String name : given.keySet()) {
            if (!values.containsKey(name) && !name.equals("input") && !name.equals("output")) {
                throw new IllegalArgumentException("unknown option --" + name);
            }
        }
        values.putAll(given);
        if (required(values, "output").contains("://")) {
            throw new IllegalArgumentException(
                    "--output must be a folder, on a cluster one every executor and the driver"
                            + " share: "
                            + values.get("output"));
        }
        return new JobOptions(
                required(values, "input"),
                choice(values, "input-format", "images", "parquet"),
                values.get("image-column"),
                values.get("label-column"),
                required(values, "output"),
                choice(values, "format", "shards", "parquet"),
                number(values, "partitions", 0),
                (long) number(values, "shard-mb", 1) << 20,
                number(values, "max-side", 0),
                number(values, "jpeg-quality", 1),
                number(values, "seed", Integer.MIN_VALUE),
                choice(values, "compression", "snappy", "zstd", "gzip", "none"),
                number(values, "row-group-rows", 0));
    }

    private static Map<String, String> pairs(String[] args) {
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("options come as --name value pairs");
        }
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("not an option: " + args[i]);
            }
            pairs.put(args[i].substring(2), args[i + 1]);
        }
        return pairs;
    }

    private static String required(Map<String, String> values, String name) {
        String value = values.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }

    private static String choice(Map<String, String> values, String name, String... choices) {
        String value = values.get(name);
        for (String choice : choices) {
            if (choice.equals(value)) {
                return value;
            }
        }
        throw new IllegalArgumentException(
                "--" + name + " must be one of " + String.join(", ", choices) + ": " + value);
    }

    private static int number(Map<String, String> values, String name, int min) {
        String value = values.get(name);
        try {
            int number = Integer.parseInt(value);
            if (number >= min) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "--" + name + " must be an integer >= " + min + ": " + value);
    }
}
