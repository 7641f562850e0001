package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.LabeledImageSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decode + crop + resize of JPEGs into batch rows on the loader's recycled path, per recipe: the
 * whole image decoded ({@code -Dasyncdataset.fusedcrop=false}) against only what the crop keeps
 * (the default), through a one-thread {@link ConcurrentDataset} over the images in memory, each
 * item's crop drawn from its seeded item generator, so both decode the same crops; they alternate
 * within each run. The time is the loader's decode time per item ({@code
 * LoaderStats.decodeMillisPerItem()}, median of the runs). Then the mean absolute difference and
 * PSNR of the fused rows against the whole decode's.
 */
final class CropDecodeTimes {

    private static final String PROPERTY = "asyncdataset.fusedcrop";
    private static final String[] MODES = {"false", "true"};
    private static final int WARM_UP = 3;

    private CropDecodeTimes() {}

    /**
     * Times every (recipe, candidate) over {@code jpegs} and over the same images enlarged 3x, and
     * prints the times and the candidates' differences from the whole-image decode.
     */
    static void run(Map<String, byte[]> jpegs, int runs) throws IOException, TranslateException {
        System.out.println("generated ImageNet-like JPEGs:");
        runAll(jpegs, runs);
        System.out.println("the same enlarged 3x, quality 0.9:");
        runAll(CropDecodeQuality.enlarged(jpegs, 3), runs);
    }

    private static void runAll(Map<String, byte[]> jpegs, int runs)
            throws IOException, TranslateException {
        Map<String, Pipeline> recipes = new LinkedHashMap<>();
        recipes.put("training(224)", ImageRecipes.training(224));
        recipes.put("evaluation(256, 224)", ImageRecipes.evaluation(256, 224));
        Jpegs source = new Jpegs(new ArrayList<>(jpegs.values()));
        Map<String, double[]> micros = new LinkedHashMap<>();
        Map<String, byte[][]> rows = new LinkedHashMap<>();
        try {
            for (int run = 0; run < WARM_UP + runs; run++) {
                for (Map.Entry<String, Pipeline> recipe : recipes.entrySet()) {
                    for (String mode : MODES) {
                        String stage = recipe.getKey() + ", " + mode;
                        System.setProperty(PROPERTY, mode);
                        double[] times = micros.computeIfAbsent(stage, s -> new double[runs]);
                        byte[][] epoch = epoch(source, recipe.getValue(), times, run - WARM_UP);
                        rows.putIfAbsent(stage, epoch);
                    }
                }
            }
        } finally {
            System.clearProperty(PROPERTY);
        }
        print(recipes.keySet(), micros, rows);
    }

    /** Reads one epoch; records its decode time per item at {@code run} if not a warm-up. */
    private static byte[][] epoch(Jpegs source, Pipeline recipe, double[] times, int run)
            throws IOException, TranslateException {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(Math.toIntExact(source.size()), false)
                        .optPipeline(recipe)
                        .optSeed(0)
                        .optFetchers(1)
                        .optDecodeThreads(1)
                        .build();
        byte[][] rows = new byte[Math.toIntExact(source.size())][];
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    NDArray data = batch.getData().head();
                    for (int i = 0; i < rows.length; i++) {
                        rows[i] = data.get(i).toByteArray();
                    }
                }
            }
        }
        if (run >= 0) {
            times[run] = dataset.stats().decodeMillisPerItem() * 1000;
        }
        return rows;
    }

    private static void print(
            Iterable<String> recipes, Map<String, double[]> micros, Map<String, byte[][]> rows) {
        System.out.printf(
                "%-26s %11s %11s %20s%n", "us/image", "whole", "fused", "MAD / PSNR / worst");
        for (String recipe : recipes) {
            System.out.printf("%-26s", recipe);
            for (String mode : MODES) {
                double[] times = micros.get(recipe + ", " + mode).clone();
                Arrays.sort(times);
                System.out.printf(" %11.0f", times[times.length / 2]);
            }
            CropDecodeQuality quality = new CropDecodeQuality();
            byte[][] whole = rows.get(recipe + ", false");
            byte[][] fused = rows.get(recipe + ", true");
            for (int i = 0; i < whole.length; i++) {
                quality.add(whole[i], fused[i]);
            }
            System.out.printf(
                    "  %5.2f/%4.1f/%4.1f%n",
                    quality.meanAbsolute(), quality.psnr(), quality.worstPsnr());
        }
    }

    /** The JPEGs in memory, all of label 0. */
    private record Jpegs(List<byte[]> jpegs) implements LabeledImageSource {

        @Override
        public long size() {
            return jpegs.size();
        }

        @Override
        public ByteBuffer fetch(NDManager manager, long index) {
            return ByteBuffer.wrap(jpegs.get((int) index));
        }

        @Override
        public Record decode(NDManager manager, long index, ByteBuffer fetched) throws IOException {
            NDArray image = ImageDecoder.decode(manager, fetched, describe(index));
            return new Record(new NDList(image), new NDList(manager.create(label(index))));
        }

        @Override
        public long label(long index) {
            return 0;
        }

        @Override
        public String describe(long index) {
            return "jpeg " + index + ".jpg";
        }
    }
}
