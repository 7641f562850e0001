package dev.asyncdataset.examples.bench;

import ai.djl.modality.cv.BufferedImageFactory;
import ai.djl.modality.cv.ImageFactory;
import ai.djl.modality.cv.transform.Normalize;
import ai.djl.modality.cv.transform.ToTensor;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.translate.Transform;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.decode.RandomHorizontalFlip;
import dev.asyncdataset.decode.RandomResizedCrop;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import nu.pattern.OpenCV;
import org.opencv.core.Core;

/**
 * Per-image CPU cost of the training recipe, stage by stage: decode, random resized crop, flip,
 * then either float conversion and normalization per item before stacking ("float/item"), or
 * stacking uint8 and normalizing the whole batch at once ("uint8/batch", what {@code
 * optDevicePipeline} does on a CPU device). PyTorch and OpenCV are held to one thread, so all the
 * work shows on the measuring thread's CPU clock. Medians over runs of one batch of generated
 * ImageNet-like JPEGs, OpenCV and ImageIO runs alternating; the crops are drawn anew each run, as
 * outside the loader no item generator is installed.
 *
 * <p>Usage: {@code DecodeBenchmark [batch=64] [runs=9]}; {@code DecodeBenchmark --crop [images=64]
 * [runs=9]} instead times the ways of decoding only what the crop keeps ({@link CropDecodeTimes}).
 */
public final class DecodeBenchmark {

    private static final String[] STAGES = {
        "decode", "random resized crop", "flip (p=0.5)", "float/item: to tensor",
        "float/item: normalize", "float/item: stack", "uint8/batch: stack", "uint8/batch: normalize"
    };

    private static final int WARM_UP = 3;

    private DecodeBenchmark() {}

    /**
     * Runs the benchmark and prints a table of microseconds per image.
     *
     * @param args optional batch size and number of runs
     * @throws Exception if generating the images fails
     */
    public static void main(String[] args) throws Exception {
        System.setProperty("ai.djl.pytorch.num_threads", "1");
        System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
        OpenCV.loadLocally();
        Core.setNumThreads(1);
        boolean crop = args.length > 0 && args[0].equals("--crop");
        int first = crop ? 1 : 0;
        int batch = args.length > first ? Integer.parseInt(args[first]) : 64;
        int runs = args.length > first + 1 ? Integer.parseInt(args[first + 1]) : 9;
        Map<String, byte[]> jpegs = new TreeMap<>();
        ImageNetLikeGenerator.generate(
                1,
                batch,
                0,
                (key, jpeg) -> {
                    synchronized (jpegs) {
                        jpegs.put(key, jpeg);
                    }
                });
        if (crop) {
            CropDecodeTimes.run(jpegs, runs);
            return;
        }
        ImageFactory openCv = ImageFactory.getInstance();
        ImageFactory imageIo = new BufferedImageFactory();
        StageTimes withOpenCv = new StageTimes();
        StageTimes withImageIo = new StageTimes();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int run = 0; run < WARM_UP + runs; run++) {
                if (run == WARM_UP) {
                    withOpenCv.reset();
                    withImageIo.reset();
                }
                measure(manager, openCv, jpegs, withOpenCv);
                measure(manager, imageIo, jpegs, withImageIo);
            }
        }
        print(openCv.getClass().getSimpleName(), withOpenCv, withImageIo);
    }

    /** One run per factory, alternating, so both see the same noise from a shared machine. */
    private static void measure(
            NDManager manager, ImageFactory factory, Map<String, byte[]> jpegs, StageTimes times) {
        ImageFactory.setImageFactory(factory);
        try (NDManager scope = manager.newSubManager()) {
            runBatch(scope, jpegs, times);
        }
        times.endRun(jpegs.size());
    }

    private static void runBatch(NDManager manager, Map<String, byte[]> jpegs, StageTimes t) {
        Transform crop = new RandomResizedCrop(224, 224);
        Transform flip = new RandomHorizontalFlip();
        Transform toTensor = new ToTensor();
        Transform normalize =
                new Normalize(ImageRecipes.imagenetMean(), ImageRecipes.imagenetStd());
        NDList floats = new NDList();
        NDList bytes = new NDList();
        List<Map.Entry<String, byte[]>> entries = new ArrayList<>(jpegs.entrySet());
        for (int i = 0; i < entries.size(); i++) {
            Map.Entry<String, byte[]> jpeg = entries.get(i);
            NDArray image = t.time(STAGES[0], () -> decode(manager, jpeg));
            NDArray cropped = t.time(STAGES[1], () -> crop.transform(image));
            NDArray augmented = t.time(STAGES[2], () -> flip.transform(cropped));
            bytes.add(augmented);
            NDArray tensor = t.time(STAGES[3], () -> toTensor.transform(augmented));
            floats.add(t.time(STAGES[4], () -> normalize.transform(tensor)));
        }
        t.time(STAGES[5], () -> NDArrays.stack(floats));
        NDArray stacked = t.time(STAGES[6], () -> NDArrays.stack(bytes));
        t.time(STAGES[7], () -> ImageRecipes.deviceNormalize().transform(stacked));
    }

    private static NDArray decode(NDManager manager, Map.Entry<String, byte[]> jpeg) {
        try {
            return ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg.getValue()), jpeg.getKey());
        } catch (BadItemException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void print(String fastName, StageTimes fast, StageTimes imageIo) {
        System.out.printf("%-26s %12s %12s%n", "stage (us/image)", fastName, "ImageIO");
        for (String stage : STAGES) {
            double a = fast.median(stage);
            System.out.printf("%-26s %12.1f %12.1f%n", stage, a, imageIo.median(stage));
        }
        for (String variant : new String[] {"float/item", "uint8/batch"}) {
            double a = total(fast, variant);
            double b = total(imageIo, variant);
            System.out.printf("%-26s %12.1f %12.1f%n", "total, " + variant, a, b);
            System.out.printf("%-26s %12.0f %12.0f%n", "  img/s on 2 cores", 2e6 / a, 2e6 / b);
        }
    }

    private static double total(StageTimes times, String variant) {
        double sum = 0;
        for (int i = 0; i < STAGES.length; i++) {
            if (i < 3 || STAGES[i].startsWith(variant)) {
                sum += times.median(STAGES[i]);
            }
        }
        return sum;
    }
}
