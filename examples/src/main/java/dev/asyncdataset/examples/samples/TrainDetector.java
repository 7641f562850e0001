package dev.asyncdataset.examples.samples;

import ai.djl.basicmodelzoo.cv.object_detection.ssd.SingleShotDetection;
import ai.djl.modality.cv.transform.ToTensor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.SequentialBlock;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.PaddingStackBatchifier;
import ai.djl.translate.Pipeline;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.SampleDecoder;
import java.io.IOException;
import java.util.Collections;
import java.util.List;

/**
 * Object detection: samples of a {@code jpg} picture and a {@code json} list of boxes, as {@link
 * DetectionData} writes them, train DJL's {@link SingleShotDetection} (SSD) as DJL's Pikachu
 * example does. Pictures hold different numbers of boxes, so the label batchifier is DJL's {@link
 * PaddingStackBatchifier}, which pads each batch's boxes to its largest count with rows of -1, the
 * padding SSD's targets ignore. The loss is {@link AnchorTargetLoss}: DJL's SSD loss with the
 * anchors' targets computed in NDArray operations, since DJL's PyTorch engine implements {@code
 * multiBoxPrior} and {@code multiBoxDetection} but not {@code multiBoxTarget}. Options: {@code
 * --data DIR} (default: generate into {@code data/samples/detection}), {@code --storage
 * folder|shards|s3} (default {@code shards}: the samples are written as tar shards and read from
 * them, see {@link SampleStorage}), {@code --epochs N}.
 */
public final class TrainDetector {

    /** The boxes of a sample's {@code json} part: rows of [class, xmin, ymin, xmax, ymax]. */
    record Boxes(float[][] boxes) {}

    /** The picture (HWC uint8) as data, its boxes (M, 5) as label. */
    public static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.image(manager, sample, "jpg")),
                            new NDList(
                                    manager.create(
                                            Parts.json(sample, "json", Boxes.class).boxes())));

    /** Stacks the boxes of a batch, padded to the most boxes in it with rows of -1. */
    public static final Batchifier PADDED_BOXES =
            PaddingStackBatchifier.builder()
                    .addPad(0, 0, m -> m.full(new Shape(1, 5), -1f))
                    .build();

    /** Samples per batch. */
    public static final int BATCH = 16;

    private TrainDetector() {}

    /**
     * Trains on the generated set, or on {@code --data}, from {@code --storage}, and prints the
     * loss per epoch.
     *
     * @param args {@code --data DIR --storage folder|shards|s3 --epochs N}
     * @throws Exception if the samples cannot be written, read or trained on
     */
    public static void main(String[] args) throws Exception {
        SampleMain.run(
                args,
                "detection",
                "shards",
                5,
                root -> DetectionData.write(root, 256, 0),
                TrainDetector::train);
    }

    /**
     * Returns the dataset of the samples: pictures as CHW float tensors in [0, 1], boxes padded per
     * batch, batches of {@link #BATCH}, shuffled.
     *
     * @param samples where the samples are
     * @return the dataset
     * @throws IOException if the samples cannot be listed
     */
    public static ConcurrentDataset dataset(SampleSources samples) throws IOException {
        return SampleTraining.dataset(samples, DECODER, BATCH)
                .optPipeline(new Pipeline(new ToTensor()))
                .optLabelBatchifier(PADDED_BOXES)
                .build();
    }

    /**
     * Trains a small SSD on the samples with Adam.
     *
     * @param samples where the samples are
     * @param epochs how many epochs
     * @return the loss, and its class and box parts, per epoch
     * @throws IOException if the samples cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static EpochCurves train(SampleSources samples, int epochs)
            throws IOException, TranslateException {
        AnchorTargetLoss loss = new AnchorTargetLoss();
        DefaultTrainingConfig config =
                SampleTraining.adam(loss, 0.005f)
                        .addEvaluator(loss.classLoss())
                        .addEvaluator(loss.boxLoss());
        int size = DetectionData.SIZE;
        return SampleTraining.fit(
                ssd(), config, dataset(samples), epochs, new Shape(BATCH, 3, size, size));
    }

    /**
     * Returns an SSD for {@link DetectionData}'s pictures: a base network of two down-sampling
     * blocks (to 16x16), two more feature scales and a global one, four anchors per position.
     *
     * @return the SSD block
     */
    public static Block ssd() {
        SequentialBlock base =
                new SequentialBlock()
                        .add(SingleShotDetection.getDownSamplingBlock(8))
                        .add(SingleShotDetection.getDownSamplingBlock(16));
        List<List<Float>> sizes =
                List.of(
                        List.of(0.2f, 0.27f),
                        List.of(0.37f, 0.45f),
                        List.of(0.54f, 0.62f),
                        List.of(0.71f, 0.79f));
        return SingleShotDetection.builder()
                .setNumClasses(DetectionData.CLASSES)
                .setNumFeatures(2)
                .optGlobalPool(true)
                .setRatios(Collections.nCopies(sizes.size(), List.of(1f, 2f, 0.5f)))
                .setSizes(sizes)
                .setBaseNetwork(base)
                .build();
    }
}
