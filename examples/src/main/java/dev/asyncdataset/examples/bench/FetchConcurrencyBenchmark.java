package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.source.ItemSource;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * AUTO fetch concurrency against every hand-tuned setting, at several storage latencies: items per
 * second through the whole loader (fetch with the latency, real JPEG decode, the training recipe at
 * 224 px, stacking), median of interleaved runs in one JVM. Hand-tuned runs get enough batches in
 * flight for their fetchers. Each run is one epoch, cut at 768 items or 4 seconds.
 *
 * <p>Usage: {@code FetchConcurrencyBenchmark [rounds=3] [latencies-ms=0,20,100]}.
 */
public final class FetchConcurrencyBenchmark {

    private static final int BATCH = 32;
    private static final int ITEMS = 768;
    private static final Duration RUN_LIMIT = Duration.ofSeconds(4);
    private static final int[] FIXED = {1, 2, 4, 8, 16, 32, 64, 128, 256};

    private FetchConcurrencyBenchmark() {}

    /**
     * Runs the benchmark and prints one table per latency.
     *
     * @param args rounds, then comma-separated latencies in milliseconds
     * @throws Exception if generating the images or loading fails
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int[] latencies =
                Arrays.stream((args.length > 1 ? args[1] : "0,20,100").split(","))
                        .mapToInt(Integer::parseInt)
                        .toArray();
        List<byte[]> jpegs = new ArrayList<>();
        ImageNetLikeGenerator.generate(
                1,
                128,
                0,
                (key, jpeg) -> {
                    synchronized (jpegs) {
                        jpegs.add(jpeg);
                    }
                });
        Map<String, List<Double>> results = new LinkedHashMap<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            run(dataset(jpegs, 0, 0), manager);
            for (int round = 0; round < rounds; round++) {
                for (int latency : latencies) {
                    for (int fetchers = 0; fetchers <= FIXED.length; fetchers++) {
                        int setting = fetchers == 0 ? 0 : FIXED[fetchers - 1];
                        double rate = run(dataset(jpegs, latency, setting), manager);
                        results.computeIfAbsent(latency + "/" + setting, k -> new ArrayList<>())
                                .add(rate);
                    }
                }
            }
        }
        for (int latency : latencies) {
            System.out.println(table(latency, results));
        }
    }

    /** A loader over the JPEGs with {@code latency} per fetch; {@code fetchers} 0 means AUTO. */
    private static ConcurrentDataset dataset(List<byte[]> jpegs, int latency, int fetchers) {
        ConcurrentDatasetBuilder builder =
                ConcurrentDataset.builder()
                        .setSource(new Delayed(jpegs, latency))
                        .setSampling(BATCH, true)
                        .optPipeline(ImageRecipes.training(224))
                        .optSeed(1);
        if (fetchers > 0) {
            builder.optFetchers(fetchers).optPrefetchNumber(Math.max(4, fetchers / BATCH + 1));
        }
        return builder.build();
    }

    /** Runs one epoch, cut at {@link #ITEMS} items or {@link #RUN_LIMIT}; returns items/s. */
    private static double run(ConcurrentDataset dataset, NDManager manager) throws Exception {
        long start = System.nanoTime();
        long deadline = start + RUN_LIMIT.toNanos();
        int items = 0;
        for (Batch batch : dataset.getData(manager)) {
            items += batch.getSize();
            batch.close();
            if (items >= ITEMS || System.nanoTime() > deadline) {
                break;
            }
        }
        return items * 1e9 / (System.nanoTime() - start);
    }

    private static String table(int latency, Map<String, List<Double>> results) {
        StringBuilder table = new StringBuilder();
        table.append(
                String.format(
                        "%n%d ms per fetch: items/s, median of %d%n",
                        latency, results.get(latency + "/0").size()));
        table.append("| fetchers | items/s |\n|---|---:|\n");
        double best = 0;
        int bestSetting = 0;
        for (int setting : FIXED) {
            double rate = median(results.get(latency + "/" + setting));
            table.append(String.format("| %d | %.1f |%n", setting, rate));
            if (rate > best) {
                best = rate;
                bestSetting = setting;
            }
        }
        double auto = median(results.get(latency + "/0"));
        table.append(String.format("| AUTO | %.1f |%n", auto));
        table.append(String.format("AUTO / best (%d fetchers) = %.2f%n", bestSetting, auto / best));
        return table.toString();
    }

    /** The median of {@code values}. */
    static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** In-memory JPEGs served after a fixed delay, like objects in remote storage. */
    private record Delayed(List<byte[]> jpegs, int latencyMillis) implements ItemSource<byte[]> {

        @Override
        public long size() {
            return 4L * jpegs.size();
        }

        @Override
        public byte[] fetch(NDManager manager, long index) throws InterruptedException {
            Thread.sleep(latencyMillis);
            return jpegs.get((int) (index % jpegs.size()));
        }

        @Override
        public Record decode(NDManager manager, long index, byte[] jpeg) throws BadItemException {
            return new Record(
                    new NDList(
                            ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), describe(index))),
                    new NDList(manager.create(index % 10)));
        }
    }
}
