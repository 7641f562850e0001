package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDManager;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.decode.RowWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decode + crop + resize of one JPEG into a batch row ({@link RowWriter}, the loader's recycled
 * path), per recipe: the whole image decoded ({@code -Dasyncdataset.fusedcrop=false}) against only
 * what the crop keeps (the default). Each item draws its crop from {@code ItemRandom} seeded by its
 * index, so both decode the same crops; they alternate within each run. Then the mean absolute
 * difference and PSNR of the fused rows against the whole decode's.
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
    static void run(Map<String, byte[]> jpegs, int runs) throws IOException {
        System.out.println("generated ImageNet-like JPEGs:");
        run(jpegs, runs, 5);
        System.out.println("the same enlarged 3x, quality 0.9:");
        run(CropDecodeQuality.enlarged(jpegs, 3), runs, 5);
    }

    private static void run(Map<String, byte[]> jpegs, int runs, int qualityDraws) {
        Map<String, Pipeline> recipes =
                Map.of(
                        "training(224)", ImageRecipes.training(224),
                        "evaluation(256, 224)", ImageRecipes.evaluation(256, 224));
        StageTimes times = new StageTimes();
        List<Map.Entry<String, byte[]>> items = new ArrayList<>(jpegs.entrySet());
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int run = 0; run < WARM_UP + runs; run++) {
                if (run == WARM_UP) {
                    times.reset();
                }
                for (Map.Entry<String, Pipeline> recipe : recipes.entrySet()) {
                    for (String mode : MODES) {
                        String stage = recipe.getKey() + ", " + mode;
                        time(manager, RowWriter.of(recipe.getValue()), items, mode, stage, times);
                    }
                }
                times.endRun(items.size());
            }
        } finally {
            System.clearProperty(PROPERTY);
        }
        print(recipes.keySet(), times);
        quality(recipes, items, qualityDraws);
    }

    /** Each item's row under each candidate against the whole-image decode, several draws each. */
    private static void quality(
            Map<String, Pipeline> recipes, List<Map.Entry<String, byte[]>> items, int draws) {
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Map.Entry<String, Pipeline> recipe : recipes.entrySet()) {
                RowWriter writer = RowWriter.of(recipe.getValue());
                System.out.printf("%-26s", "  MAD / PSNR / worst row");
                for (String mode : MODES) {
                    CropDecodeQuality quality = new CropDecodeQuality();
                    for (int i = 0; i < items.size() * draws; i++) {
                        Map.Entry<String, byte[]> item = items.get(i % items.size());
                        byte[] whole = row(manager, writer, item, i, "false");
                        quality.add(whole, row(manager, writer, item, i, mode));
                    }
                    System.out.printf(
                            " %5.2f/%4.1f/%4.1f",
                            quality.meanAbsolute(), quality.psnr(), quality.worstPsnr());
                }
                System.out.println("  " + recipe.getKey());
            }
        } finally {
            System.clearProperty(PROPERTY);
        }
    }

    private static byte[] row(
            NDManager manager,
            RowWriter writer,
            Map.Entry<String, byte[]> item,
            long index,
            String mode) {
        System.setProperty(PROPERTY, mode);
        ByteBuffer row = ByteBuffer.allocateDirect(Math.toIntExact(writer.itemShape().size()));
        write(manager, writer, item, index, row);
        byte[] bytes = new byte[row.capacity()];
        row.get(0, bytes);
        return bytes;
    }

    private static void time(
            NDManager manager,
            RowWriter writer,
            List<Map.Entry<String, byte[]>> items,
            String mode,
            String stage,
            StageTimes times) {
        System.setProperty(PROPERTY, mode);
        ByteBuffer row = ByteBuffer.allocateDirect(Math.toIntExact(writer.itemShape().size()));
        for (int i = 0; i < items.size(); i++) {
            Map.Entry<String, byte[]> item = items.get(i);
            long index = i;
            times.time(stage, () -> write(manager, writer, item, index, row));
        }
    }

    private static Void write(
            NDManager manager,
            RowWriter writer,
            Map.Entry<String, byte[]> item,
            long index,
            ByteBuffer row) {
        try {
            return ItemRandom.with(
                    0,
                    0,
                    index,
                    () -> {
                        writer.write(manager, ByteBuffer.wrap(item.getValue()), item.getKey(), row);
                        return null;
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void print(Iterable<String> recipes, StageTimes times) {
        System.out.printf("%-26s", "us/image (CPU)");
        for (String mode : MODES) {
            System.out.printf(" %11s", mode.equals("false") ? "whole" : "fused");
        }
        System.out.println();
        for (String recipe : recipes) {
            System.out.printf("%-26s", recipe);
            for (String mode : MODES) {
                System.out.printf(" %11.0f", times.median(recipe + ", " + mode));
            }
            System.out.println();
        }
    }
}
