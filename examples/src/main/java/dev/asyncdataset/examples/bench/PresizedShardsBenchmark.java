package dev.asyncdataset.examples.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.writer.ShardWriter;
import dev.asyncdataset.writer.ShardWriterBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Pre-sized shards against the originals, in one run: writes the images of {@code --data} ({@code
 * class/image.jpg}; {@code --enlarge F}: each F times larger) as tar shards as they come and at
 * each of {@code --sides} (JPEG quality {@code --quality}), then loads each set with {@code
 * ConcurrentDataset} (the training recipe at {@code --image-size}, normalized float batches on the
 * CPU, batch {@code --batch-size}, no training step): one warm-up epoch of each set, then {@code
 * --runs} rounds in which every set, in an order rotated each round, loads {@code --epochs} epochs.
 * Prints per set the median images/s and CPU per image (user + system, the whole process) over the
 * rounds, the writer's cost, and what the stored size costs the crops ({@link
 * PresizedCropQuality}). Shards go to {@code --out}.
 */
public final class PresizedShardsBenchmark {

    private PresizedShardsBenchmark() {}

    /** One set of shards: its maximum side (0: the originals), its source and its dataset. */
    private record Set(
            int side, LabeledImageSource source, ConcurrentDataset dataset, double[] write) {}

    /**
     * Runs the benchmark and prints its table.
     *
     * @param args the options
     * @throws Exception if the images cannot be read or loading fails
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> defaults = BenchDefaults.recipe();
        defaults.putAll(
                Options.defaults(
                        "--data data/bench-10x400 --out target/bench/presized --sides 512,256"
                                + " --quality 90 --runs 5 --epochs 2 --seed 7 --enlarge 1"));
        Options options = Options.parse(args, defaults);
        Path data = enlarged(Path.of(options.text("data")), options);
        List<Set> sets = new ArrayList<>();
        List<Integer> sides = new ArrayList<>(List.of(0));
        sides.addAll(options.integers("sides"));
        for (int side : sides) {
            double[] write = new double[3];
            LabeledImageSource source = write(data, options, side, write);
            sets.add(new Set(side, source, dataset(source, options), write));
        }
        for (Set set : sets) {
            load(set, 1);
        }
        int epochs = options.integer("epochs");
        double[][] rates = new double[sets.size()][options.integer("runs")];
        double[][] cpu = new double[sets.size()][options.integer("runs")];
        for (int run = 0; run < rates[0].length; run++) {
            for (int k = 0; k < sets.size(); k++) {
                int s = (k + run) % sets.size();
                double[] measured = load(sets.get(s), epochs);
                rates[s][run] = measured[0];
                cpu[s][run] = measured[1];
            }
            System.out.println("ROUND " + (run + 1));
        }
        print(sets, rates, cpu, options);
        sets.forEach(set -> set.source().close());
        System.exit(0);
    }

    /**
     * Writes the shards of one set; fills {@code write} with the CPU ms, the wall ms and the shard
     * KB per image.
     */
    private static LabeledImageSource write(Path data, Options options, int side, double[] write)
            throws Exception {
        Path out = Path.of(options.text("out"), side == 0 ? "original" : "side-" + side);
        ShardWriterBuilder builder =
                ShardWriter.builder().setLocation(data.toString()).setOutput(out.toString());
        if (side > 0) {
            builder.optMaxSide(side).optJpegQuality(options.integer("quality"));
        }
        KernelCounts before = KernelCounts.now();
        long start = System.nanoTime();
        builder.build().write();
        KernelCounts used = KernelCounts.now().since(before);
        LabeledImageSource source = TarShardSource.builder().setLocation(out.toString()).build();
        write[0] = (used.userSeconds() + used.systemSeconds()) * 1e3 / source.size();
        write[1] = (System.nanoTime() - start) / 1e6 / source.size();
        try (Stream<Path> files = Files.list(out)) {
            long bytes =
                    files.filter(f -> f.toString().endsWith(".tar"))
                            .mapToLong(f -> f.toFile().length())
                            .sum();
            write[2] = bytes / 1e3 / source.size();
        }
        return source;
    }

    /**
     * With {@code --enlarge F} above 1, a copy of {@code data} with every image F times larger
     * (bicubic, JPEG quality 0.9: {@link CropDecodeQuality#enlarged}), made once under {@code
     * --out}: images larger than ImageNet's, as a camera takes them.
     */
    private static Path enlarged(Path data, Options options) throws Exception {
        int factor = options.integer("enlarge");
        if (factor <= 1) {
            return data;
        }
        Path copy = Path.of(options.text("out"), "images-x" + factor);
        Path done = copy.resolve(".complete");
        if (Files.exists(done)) {
            return copy;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(data)) {
            files = walk.filter(f -> f.toString().endsWith(".jpg")).toList();
        }
        for (Path file : files) {
            Path target = copy.resolve(data.relativize(file).toString());
            Files.createDirectories(target.getParent());
            Map<String, byte[]> one = Map.of(file.toString(), Files.readAllBytes(file));
            Files.write(target, CropDecodeQuality.enlarged(one, factor).get(file.toString()));
        }
        Files.createFile(done);
        return copy;
    }

    private static ConcurrentDataset dataset(LabeledImageSource source, Options options) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(options.integer("batch-size"), true)
                .optPipeline(ImageRecipes.training(options.integer("image-size")))
                .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                .optSeed(options.integer("seed"))
                .build();
    }

    /** Loads {@code epochs} epochs of a set; returns {images/s, CPU ms per image}. */
    private static double[] load(Set set, int epochs) throws Exception {
        KernelCounts before = KernelCounts.now();
        long start = System.nanoTime();
        long images = 0;
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            for (int epoch = 0; epoch < epochs; epoch++) {
                for (Batch batch : set.dataset().getData(manager)) {
                    images += batch.getSize();
                    batch.close();
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        KernelCounts used = KernelCounts.now().since(before);
        double cpuMs = (used.userSeconds() + used.systemSeconds()) * 1e3 / images;
        return new double[] {images / seconds, cpuMs};
    }

    private static void print(List<Set> sets, double[][] rates, double[][] cpu, Options options)
            throws Exception {
        int out = options.integer("image-size");
        System.out.printf(
                "| stored | KB/image | images/s | CPU ms/image | vs originals (images/s, CPU) |"
                    + " write CPU ms/image | PSNR training crop, dB (area <0.25 / 0.25-0.5 / >=0.5)"
                    + " | upsampled crops | PSNR evaluation crop"
                    + " |%n|---|---:|---:|---:|---:|---:|---:|---:|---:|%n");
        for (int s = 0; s < sets.size(); s++) {
            Set set = sets.get(s);
            String quality = "-";
            if (set.side() > 0) {
                PresizedCropQuality q =
                        PresizedCropQuality.measure(
                                sets.get(0).source(), set.source(), out, options.integer("seed"));
                quality =
                        String.format(
                                Locale.ROOT,
                                "%.1f (%.1f / %.1f / %.1f) | %.0f%% | %.1f",
                                q.psnr(),
                                q.psnr(0),
                                q.psnr(1),
                                q.psnr(2),
                                100 * q.upsampledShare(),
                                q.evaluationPsnr());
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.1f | %.0f | %.3f | %.2fx, %.2fx | %.2f | %s |%n",
                    set.side() == 0
                            ? "originals"
                            : set.side() + " px / q" + options.integer("quality"),
                    set.write()[2],
                    median(rates[s]),
                    median(cpu[s]),
                    median(rates[s]) / median(rates[0]),
                    median(cpu[s]) / median(cpu[0]),
                    set.write()[0],
                    set.side() == 0 ? "- | - | -" : quality);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
