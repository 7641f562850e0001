package dev.asyncdataset.examples.data;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.s3.S3Uploader;
import java.nio.file.Path;
import java.util.Map;

/**
 * Command line for {@link ImageNetLikeGenerator}: {@code --out DIR [--classes N] [--per-class M]
 * [--val-per-class V] [--seed S] [--s3 s3://bucket/prefix [--endpoint URL]]} (defaults: 10 classes,
 * 200 per class, no validation split, seed 0). With {@code --val-per-class V} above 0, DIR gets
 * {@code train/} (M per class) and a held-out {@code val/} (V per class). With {@code --s3} the
 * folder is then uploaded to that bucket (created if needed), on AWS or on the S3-compatible store
 * at {@code --endpoint} (path-style access), with credentials from the AWS default provider chain.
 */
public final class GenerateImageNetLike {

    private GenerateImageNetLike() {}

    /**
     * Generates the data set, or reuses a complete one.
     *
     * @param args the options
     * @throws Exception if the images cannot be written
     */
    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args, defaults());
        Path out = Path.of(options.required("out"));
        int classes = options.integer("classes");
        int perClass = options.integer("per-class");
        int seed = options.integer("seed");
        int valPerClass = options.integer("val-per-class");
        long start = System.nanoTime();
        if (valPerClass > 0) {
            ImageNetLikeGenerator.writeSplits(out, classes, perClass, valPerClass, seed);
        } else {
            ImageNetLikeGenerator.write(out, classes, perClass, seed);
        }
        System.out.printf(
                "%d x %d images in %s (%.1f s)%n",
                classes, perClass, out, (System.nanoTime() - start) / 1e9);
        String s3 = options.text("s3");
        if (!s3.isEmpty()) {
            S3Connection connection = S3Connection.withDefaultCredentials(options.text("endpoint"));
            int uploaded = S3Uploader.uploadFolder(connection, out, s3);
            System.out.printf("uploaded %d images to %s%n", uploaded, s3);
        }
    }

    private static Map<String, String> defaults() {
        return Options.defaults(
                "--out '' --classes 10 --per-class 200 --val-per-class 0 --seed 0 --s3 ''"
                        + " --endpoint ''");
    }
}
