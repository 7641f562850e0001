package dev.asyncdataset.examples.bench;

import dev.asyncdataset.source.LabeledImageSource;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import nu.pattern.OpenCV;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Size;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

/**
 * What storing images smaller costs the crops a model trains on: each image's training crop
 * (torchvision's random resized crop geometry, drawn once per image from the original's size) cut
 * from the stored image and from the original, both resized to the output size the same way
 * (bilinear, the region placed to the sub-pixel), then compared ({@link CropDecodeQuality}), in
 * buckets of the crop's share of the image's area: the smaller the crop, the more the stored pixels
 * are upsampled. Also the evaluation crop (shorter side to 256/224 of the output, central square).
 */
final class PresizedCropQuality {

    /** The crop-area buckets: [0.08, 0.25), [0.25, 0.5), [0.5, 1]. */
    static final double[] BUCKETS = {0.25, 0.5};

    static {
        OpenCV.loadLocally();
    }

    private final CropDecodeQuality[] training = {
        new CropDecodeQuality(), new CropDecodeQuality(), new CropDecodeQuality()
    };
    private final CropDecodeQuality all = new CropDecodeQuality();
    private final CropDecodeQuality evaluation = new CropDecodeQuality();
    private long upsampled;
    private long crops;

    /**
     * Compares the crops of every image of {@code stored} with those of the same images in {@code
     * original} (same keys), at output size {@code out}.
     */
    static PresizedCropQuality measure(
            LabeledImageSource original, LabeledImageSource stored, int out, long seed)
            throws Exception {
        Map<String, Long> byKey = new HashMap<>();
        for (long i = 0; i < original.size(); i++) {
            byKey.put(original.describe(i).replaceFirst("^[^ ]* ", ""), i);
        }
        PresizedCropQuality quality = new PresizedCropQuality();
        for (long i = 0; i < stored.size(); i++) {
            Long match = byKey.get(stored.describe(i).replaceFirst("^[^ ]* ", ""));
            if (match == null) {
                throw new IllegalStateException("no original for " + stored.describe(i));
            }
            SplittableRandom random = new SplittableRandom(seed + i);
            quality.add(bytes(original, match), bytes(stored, i), out, random);
        }
        return quality;
    }

    /** The encoded image of item {@code index}, in an array of its own. */
    private static byte[] bytes(LabeledImageSource source, long index) throws Exception {
        ByteBuffer body = source.fetch(null, index);
        byte[] bytes = new byte[body.remaining()];
        body.get(body.position(), bytes);
        source.release(index, body);
        return bytes;
    }

    private void add(byte[] originalJpeg, byte[] storedJpeg, int out, SplittableRandom random) {
        Mat original = decode(originalJpeg);
        Mat stored = decode(storedJpeg);
        try {
            double s = (double) stored.cols() / original.cols();
            double[] box = trainingBox(original.cols(), original.rows(), random);
            byte[] reference = crop(original, box, 1, out);
            byte[] candidate = crop(stored, box, s, out);
            double area = box[2] * box[3] / (original.cols() * (double) original.rows());
            int bucket = area < BUCKETS[0] ? 0 : area < BUCKETS[1] ? 1 : 2;
            training[bucket].add(reference, candidate);
            all.add(reference, candidate);
            upsampled += box[2] * s < out || box[3] * s < out ? 1 : 0;
            crops++;
            double[] center = evaluationBox(original.cols(), original.rows());
            evaluation.add(crop(original, center, 1, out), crop(stored, center, s, out));
        } finally {
            original.release();
            stored.release();
        }
    }

    /** Torchvision's RandomResizedCrop box {x, y, w, h} in the original's pixels. */
    static double[] trainingBox(int width, int height, SplittableRandom random) {
        double area = (double) width * height;
        for (int attempt = 0; attempt < 10; attempt++) {
            double target = area * (0.08 + random.nextDouble() * 0.92);
            double ratio = Math.exp(Math.log(3 / 4.0) + random.nextDouble() * Math.log(16 / 9.0));
            int w = (int) Math.round(Math.sqrt(target * ratio));
            int h = (int) Math.round(Math.sqrt(target / ratio));
            if (w > 0 && h > 0 && w <= width && h <= height) {
                return new double[] {
                    random.nextInt(width - w + 1), random.nextInt(height - h + 1), w, h
                };
            }
        }
        int side = Math.min(width, height);
        return new double[] {(width - side) / 2.0, (height - side) / 2.0, side, side};
    }

    /** The evaluation crop (shorter side to 256, central 224): 224/256 of the shorter side. */
    static double[] evaluationBox(int width, int height) {
        double side = Math.min(width, height) * 224 / 256.0;
        return new double[] {(width - side) / 2, (height - side) / 2, side, side};
    }

    /** Cuts {@code box} (scaled by {@code s}) from {@code image} into an out x out crop. */
    private static byte[] crop(Mat image, double[] box, double s, int out) {
        double sx = box[2] * s / out;
        double sy = box[3] * s / out;
        Mat affine = new Mat(2, 3, CvType.CV_64F);
        affine.put(0, 0, sx, 0, box[0] * s + 0.5 * sx - 0.5, 0, sy, box[1] * s + 0.5 * sy - 0.5);
        Mat dst = new Mat();
        try {
            Imgproc.warpAffine(
                    image,
                    dst,
                    affine,
                    new Size(out, out),
                    Imgproc.INTER_LINEAR | Imgproc.WARP_INVERSE_MAP,
                    Core.BORDER_REPLICATE);
            byte[] rows = new byte[out * out * 3];
            dst.get(0, 0, rows);
            return rows;
        } finally {
            dst.release();
            affine.release();
        }
    }

    private static Mat decode(byte[] jpeg) {
        MatOfByte bytes = new MatOfByte(jpeg);
        try {
            return Imgcodecs.imdecode(bytes, Imgcodecs.IMREAD_COLOR);
        } finally {
            bytes.release();
        }
    }

    /** PSNR of every training crop. */
    double psnr() {
        return all.psnr();
    }

    /** PSNR of the training crops in area bucket {@code bucket}. */
    double psnr(int bucket) {
        return training[bucket].psnr();
    }

    /** PSNR of the evaluation crops. */
    double evaluationPsnr() {
        return evaluation.psnr();
    }

    /** The share of training crops for which the stored pixels are upsampled. */
    double upsampledShare() {
        return crops == 0 ? 0 : (double) upsampled / crops;
    }
}
