package dev.asyncdataset.examples.data;

import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.s3.S3Uploader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Command line for {@link ImageNetLikeGenerator}: {@code --out DIR [--classes N] [--per-class M]
 * [--val-per-class V] [--seed S] [--s3 s3://bucket/prefix [--endpoint URL]]} (defaults: 10 classes,
 * 200 per class, no validation split, seed 0). With {@code --val-per-class V} above 0, DIR gets
 * {@code train/} (M per class) and a held-out {@code val/} (V per class). With {@code --s3} the
 * folder is then uploaded to that bucket (created if needed), on AWS or on the S3-compatible store
 * at {@code --endpoint} (path-style access), with credentials from the AWS default provider chain.
 */
public final class GenerateImageNetLike {

    private static final Set<String> OPTIONS =
            Set.of(
                    "--out",
                    "--classes",
                    "--per-class",
                    "--val-per-class",
                    "--seed",
                    "--s3",
                    "--endpoint");

    private GenerateImageNetLike() {}

    /**
     * Generates the data set, or reuses a complete one.
     *
     * @param args the options
     * @throws Exception if the images cannot be written
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = parse(args);
        if (!options.containsKey("--out")) {
            throw new IllegalArgumentException("missing --out DIR");
        }
        Path out = Path.of(options.get("--out"));
        int classes = Integer.parseInt(options.getOrDefault("--classes", "10"));
        int perClass = Integer.parseInt(options.getOrDefault("--per-class", "200"));
        long seed = Long.parseLong(options.getOrDefault("--seed", "0"));
        int valPerClass = Integer.parseInt(options.getOrDefault("--val-per-class", "0"));
        long start = System.nanoTime();
        if (valPerClass > 0) {
            ImageNetLikeGenerator.writeSplits(out, classes, perClass, valPerClass, seed);
        } else {
            ImageNetLikeGenerator.write(out, classes, perClass, seed);
        }
        System.out.printf(
                "%d x %d images in %s (%.1f s)%n",
                classes, perClass, out, (System.nanoTime() - start) / 1e9);
        if (options.containsKey("--s3")) {
            S3Connection connection =
                    S3Connection.withDefaultCredentials(options.getOrDefault("--endpoint", ""));
            int uploaded = S3Uploader.uploadFolder(connection, out, options.get("--s3"));
            System.out.printf("uploaded %d images to %s%n", uploaded, options.get("--s3"));
        }
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!OPTIONS.contains(args[i])) {
                throw new IllegalArgumentException("unknown option: " + args[i]);
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException("missing value for " + args[i]);
            }
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
