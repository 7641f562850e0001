package dev.asyncdataset.examples;

import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.s3.S3Uploader;
import dev.asyncdataset.examples.timeline.RunTimelines;
import dev.asyncdataset.writer.ShardWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The README's first command: with nothing prepared, generates a small ImageNet-like set with a
 * validation split (reused on later runs), serves it from an embedded S3Proxy that adds a
 * per-request latency, and trains ResNet-18 on it twice from S3, with the same seed: with
 * ConcurrentDataset, then with DJL's own loader over blocking GETs. Then writes each split as
 * WebDataset tar shards to the same server (multipart uploads) and trains a third time, with
 * ConcurrentDataset streaming the shards from there. Each run validates after every epoch with its
 * loader (top-1, top-5). Prints a side-by-side table. Records each run with JFR and draws its
 * timeline ({@link RunTimelines}) into {@code --timelines}. Options: the training options of {@link
 * TrainResNet} except data, endpoint, loader, splits, checkpoints and logs, plus
 *
 * <pre>
 * --data-dir DIR (data)  --classes N (10)  --per-class N (100)  --val-per-class N (20)
 * --latency-ms MS (20)  --timelines DIR (target/main-job; none: no recording)
 * </pre>
 */
public final class MainJob {

    /** The loader name of the run on tar shards. */
    public static final String SHARDS_RUN = "concurrent-shards";

    private static final String BUCKET_URL = "s3://imagenet-like/";
    private static final String SHARDS_URL = "s3://imagenet-like/shards/";
    private static final List<String> SPLITS =
            List.of(ImageNetLikeGenerator.TRAIN, ImageNetLikeGenerator.VAL);
    private static final long SHARD_BYTES = 16L << 20;

    private MainJob() {}

    /**
     * Runs the job; exits with status 1 and a message if anything fails.
     *
     * @param args the options
     */
    public static void main(String[] args) {
        try {
            run(args, System.out);
            System.exit(0);
        } catch (Exception e) {
            System.err.println("main job failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    /**
     * Runs the job and prints its progress and the table to {@code out}.
     *
     * @param args the options
     * @param out where to print
     * @return the three runs: ConcurrentDataset and DJL's loader from S3, then ConcurrentDataset
     *     from tar shards
     * @throws Exception if generating, serving or training fails, or a loss is not finite
     */
    public static List<RunResult> run(String[] args, PrintStream out) throws Exception {
        Options options = Options.parse(args, defaults());
        Path folder = generate(options, out);
        try (EmbeddedS3Proxy s3 = EmbeddedS3Proxy.start(options.integer("latency-ms"))) {
            int uploaded = 0;
            for (String split : SPLITS) {
                uploaded +=
                        S3Uploader.uploadFolder(
                                s3.connection(), folder.resolve(split), BUCKET_URL + split + "/");
            }
            out.printf(
                    "uploaded %d images (train/ and val/) to %s on S3Proxy %s (+%d ms per"
                            + " request)%n",
                    uploaded,
                    BUCKET_URL,
                    s3.connection().endpoint(),
                    options.integer("latency-ms"));
            Options fromBucket =
                    options.with("data", BUCKET_URL).with("format", "images").with("endpoint", "");
            RunTimelines timelines = new RunTimelines(options.text("timelines"));
            List<RunResult> results = new ArrayList<>();
            for (String loader : List.of("concurrent", "djl")) {
                out.println("training ResNet-18 with " + ResultTable.displayName(loader));
                Options run = fromBucket.with("loader", loader);
                results.add(
                        timelines.record(
                                loader, title(loader, options), () -> train(run, s3.connection())));
            }
            results.add(
                    timelines.record(
                            SHARDS_RUN,
                            title(SHARDS_RUN, options),
                            () -> trainOnShards(options, folder, s3.connection(), out)));
            out.printf(
                    "%nResNet-18, %d px, batch %d; images from S3 with %d ms per request,"
                            + " (per image, or per tar shard):%n%s",
                    options.integer("image-size"),
                    options.integer("batch-size"),
                    options.integer("latency-ms"),
                    ResultTable.format(results));
            List<Path> pictures = timelines.draw();
            if (!pictures.isEmpty()) {
                out.println("timelines (open in a browser): " + pictures);
            }
            checkLosses(results);
            return results;
        }
    }

    private static RunResult train(Options run, S3Connection connection) throws Exception {
        return ResNetTraining.run(
                TrainingSettings.from(run),
                RecipeSettings.from(run.withDefaults(RecipeSettings.defaults())),
                connection);
    }

    private static RunResult trainOnShards(
            Options options, Path folder, S3Connection connection, PrintStream out)
            throws Exception {
        int shards = 0;
        for (String split : SPLITS) {
            shards +=
                    ShardWriter.builder()
                            .setLocation(folder.resolve(split).toString())
                            .setOutput(SHARDS_URL + split + "/")
                            .optStore(connection.options(1).build())
                            .optShardBytes(SHARD_BYTES)
                            .build()
                            .write()
                            .size();
        }
        out.printf("wrote %d tar shards to %s%n", shards, SHARDS_URL);
        out.println("training ResNet-18 with " + ResultTable.displayName(SHARDS_RUN));
        Options fromShards =
                options.with("data", SHARDS_URL)
                        .with("format", "shards")
                        .with("endpoint", "")
                        .with("loader", "concurrent");
        return train(fromShards, connection).named(SHARDS_RUN);
    }

    private static String title(String loader, Options options) {
        return String.format(
                "%s: ResNet-18 from S3 with %d ms per request",
                ResultTable.displayName(loader), options.integer("latency-ms"));
    }

    private static Map<String, String> defaults() {
        Map<String, String> defaults = TrainResNet.defaults();
        defaults.keySet()
                .removeAll(
                        List.of(
                                "data",
                                "format",
                                "endpoint",
                                "loader",
                                "train",
                                "val",
                                "val-labels",
                                "checkpoint-dir",
                                "checkpoint-every",
                                "resume",
                                "csv",
                                "step-log"));
        defaults.putAll(
                Options.defaults(
                        "--data-dir data --classes 10 --per-class 100 --val-per-class 20"
                                + " --latency-ms 20 --timelines target/main-job"));
        return defaults;
    }

    private static Path generate(Options options, PrintStream out) throws Exception {
        int classes = options.integer("classes");
        int perClass = options.integer("per-class");
        int valPerClass = options.integer("val-per-class");
        Path folder =
                Path.of(options.text("data-dir"), "imagenet-like-" + classes + "x" + perClass)
                        .toAbsolutePath();
        long start = System.nanoTime();
        ImageNetLikeGenerator.writeSplits(
                folder, classes, perClass, valPerClass, options.integer("seed"));
        out.printf(
                "data set: %s (%d classes, %d training and %d validation images each, ready in"
                        + " %.1f s)%n",
                folder, classes, perClass, valPerClass, (System.nanoTime() - start) / 1e9);
        return folder;
    }

    private static void checkLosses(List<RunResult> results) {
        for (RunResult result : results) {
            if (!Float.isFinite(result.loss()) || result.images() == 0) {
                throw new IllegalStateException(
                        ResultTable.displayName(result.loader())
                                + " trained on "
                                + result.images()
                                + " images to loss "
                                + result.loss());
            }
        }
    }
}
