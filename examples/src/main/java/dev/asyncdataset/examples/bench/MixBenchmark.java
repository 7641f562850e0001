package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.SourceShare;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A mix of an S3 source and a local folder against each alone, loader only, in one process: after
 * {@code --warmup-seconds} of epochs of every configuration, {@code --rounds} rounds each run one
 * epoch of the folder alone, S3 alone and the mix ({@code --s3-share} of it from S3), each cut at
 * {@code --max-steps} batches or {@code --max-seconds}, so the three see the same machine load.
 * Prints each configuration's steady rate per round (images after the first batch over the time
 * since it) and its median, and the rate a time-shared mix would reach: {@code 1 / ((1 - f) /
 * folder + f / s3)}, each source's part of an image's time by its share. Options:
 *
 * <pre>
 * --data FOLDER  --s3 s3://bucket/prefix (the same images, served by BenchS3Servers)
 * --endpoint URL  --s3-share 0.5  --rounds 5  --batch-size 64  --image-size 224
 * --max-steps 24  --max-seconds 30  --warmup-seconds 60  --seed 0
 * </pre>
 */
public final class MixBenchmark {

    private MixBenchmark() {}

    /**
     * Runs the rounds and prints the table.
     *
     * @param args the options
     * @throws Exception if the data cannot be read
     */
    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args, defaults());
        double share = options.decimal("s3-share");
        S3Connection connection = S3Connection.withDefaultCredentials(options.text("endpoint"));
        try (LabeledImageSource s3 = connection.source(options.text("s3"), 256);
                NDManager manager = NDManager.newBaseManager()) {
            LabeledImageSource folder =
                    FolderSource.builder()
                            .setLocation(Path.of(options.text("data")).toString())
                            .build();
            Map<String, ConcurrentDataset> runs = new LinkedHashMap<>();
            runs.put("folder", builder(options).setSource(folder).build());
            runs.put("S3 at 20 ms", builder(options).setSource(s3).build());
            runs.put(
                    "mix",
                    builder(options)
                            .addSource("folder", folder, SourceShare.proportion(1 - share))
                            .addSource("s3", s3, SourceShare.proportion(share))
                            .build());
            long warmupEnd = System.nanoTime() + options.integer("warmup-seconds") * 1_000_000_000L;
            while (System.nanoTime() < warmupEnd) {
                for (ConcurrentDataset dataset : runs.values()) {
                    rate(dataset, manager, options);
                }
            }
            Map<String, List<Double>> rates = new LinkedHashMap<>();
            for (int round = 0; round < options.integer("rounds"); round++) {
                for (Map.Entry<String, ConcurrentDataset> run : runs.entrySet()) {
                    double rate = rate(run.getValue(), manager, options);
                    rates.computeIfAbsent(run.getKey(), k -> new ArrayList<>()).add(rate);
                    System.out.printf(
                            Locale.ROOT,
                            "round %d %-12s %7.1f images/s%n",
                            round,
                            run.getKey(),
                            rate);
                }
            }
            System.out.print(table(rates, share, runs.get("mix").stats()));
        }
        System.exit(0);
    }

    private static ConcurrentDatasetBuilder builder(Options options) {
        int size = options.integer("image-size");
        return ConcurrentDataset.builder()
                .setSampling(options.integer("batch-size"), true)
                .optPipeline(ImageRecipes.training(size))
                .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                .optSeed(options.integer("seed"));
    }

    /** One epoch, cut short: the images after the first batch over the time since it. */
    private static double rate(ConcurrentDataset dataset, NDManager manager, Options options)
            throws Exception {
        long limit = options.integer("max-seconds") * 1_000_000_000L;
        try (NDManager epoch = manager.newSubManager()) {
            Iterator<Batch> batches = dataset.getData(epoch).iterator();
            long start = System.nanoTime();
            long first = 0;
            long images = 0;
            for (int step = 0; step < options.integer("max-steps") && batches.hasNext(); step++) {
                try (Batch batch = batches.next()) {
                    images += step == 0 ? 0 : batch.getSize();
                    first = step == 0 ? System.nanoTime() : first;
                }
                if (System.nanoTime() - start > limit && step > 4) {
                    break;
                }
            }
            ((AutoCloseable) batches).close();
            return images / ((System.nanoTime() - first) / 1e9);
        }
    }

    private static String table(Map<String, List<Double>> rates, double share, LoaderStats mix) {
        Map<String, Double> medians = new LinkedHashMap<>();
        StringBuilder out =
                new StringBuilder("| loader | images/s per round | median |\n|---|---|---:|\n");
        rates.forEach(
                (name, list) -> {
                    medians.put(name, FetchConcurrencyBenchmark.median(list));
                    out.append(
                            String.format(
                                    Locale.ROOT,
                                    "| %s | %s | %.1f |%n",
                                    name,
                                    format(list),
                                    medians.get(name)));
                });
        double timeShared =
                1 / ((1 - share) / medians.get("folder") + share / medians.get("S3 at 20 ms"));
        out.append(
                String.format(
                        Locale.ROOT,
                        "time-shared mix would run at %.1f images/s;"
                                + " the mix ran at %.2fx that, %.2fx S3 alone%n",
                        timeShared,
                        medians.get("mix") / timeShared,
                        medians.get("mix") / medians.get("S3 at 20 ms")));
        for (LoaderStats.SourceCounts source : mix.sources()) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "last mix epoch: %s %d items (%.1f %%), data wait %.2f s%n",
                            source.name(),
                            source.items(),
                            100.0 * source.items() / Math.max(1, mix.items()),
                            source.dataWaitNanos() / 1e9));
        }
        return out.toString();
    }

    private static String format(List<Double> values) {
        return String.join(
                ", ", values.stream().map(v -> String.format(Locale.ROOT, "%.1f", v)).toList());
    }

    private static Map<String, String> defaults() {
        Map<String, String> defaults =
                Options.defaults(
                        "--data data/bench-10x200 --s3 s3://bench/train --endpoint '' --s3-share"
                                + " 0.5 --rounds 5 --seed 0");
        defaults.putAll(BenchDefaults.cutEpochs(30, 60));
        return defaults;
    }
}
