package dev.asyncdataset.examples.data;

import dev.asyncdataset.decode.ItemRandom;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Generates an ImageNet-like data set: {@code classes} x {@code perClass} JPEGs of about 469x387
 * pixels and 110 KB, in ImageFolder layout ({@code class_000/img_00000.jpg}), identical bytes for
 * the same seed. Each class has its own object shape and hue family ({@link ClassLook}) at a random
 * place, size, angle and shade, on a random background with random shapes and grain, so a model can
 * learn the classes. Images are painted on all cores.
 *
 * <p>{@link Painter#SKETCHES} paints the same classes differently: the class's object as an outline
 * on a plain light ground, 320 px square, a second set to mix with the first.
 *
 * <p>{@link #write} targets a local folder, {@link #writeSplits} a {@code train/} and a held-out
 * {@code val/} split beside it, as ImageNet is laid out; {@link #generate} hands every image to an
 * {@link ImageSink}, the seam for other destinations such as an S3 bucket.
 */
public final class ImageNetLikeGenerator {

    /** The file written last in a complete folder; it records the parameters. */
    public static final String MARKER = ".imagenet-like-complete";

    /** The training split's folder under a root written by {@link #writeSplits}. */
    public static final String TRAIN = "train";

    /** The validation split's folder under a root written by {@link #writeSplits}. */
    public static final String VAL = "val";

    // changes whenever the pictures do, so that a folder of older pictures is not reused
    private static final int PICTURES_VERSION = 2;

    private ImageNetLikeGenerator() {}

    /**
     * Writes {@code root/train} and {@code root/val} as {@link #write} does, the validation images
     * painted from other seeds than the training images (held out), each split reused when
     * complete.
     *
     * @param root the folder to hold both splits
     * @param classes the number of classes
     * @param trainPerClass the training images per class
     * @param valPerClass the validation images per class
     * @param seed the seed
     * @return {@code root}
     * @throws IOException if a file cannot be written
     */
    public static Path writeSplits(
            Path root, int classes, int trainPerClass, int valPerClass, long seed)
            throws IOException {
        write(root.resolve(TRAIN), classes, trainPerClass, seed);
        write(root.resolve(VAL), classes, valPerClass, ItemRandom.mix(seed, -1, -1));
        return root;
    }

    /** How the pictures are painted. */
    public enum Painter {
        /** Photo-like pictures ({@link SyntheticPhoto}): the default. */
        PHOTOS,
        /** Outline sketches of the same classes ({@link Sketch}). */
        SKETCHES;

        byte[] paint(long seed, int classIndex) throws IOException {
            return this == PHOTOS
                    ? SyntheticPhoto.jpeg(seed, classIndex)
                    : Sketch.jpeg(seed, classIndex);
        }
    }

    /** Receives generated images; called concurrently from several threads. */
    @FunctionalInterface
    public interface ImageSink {

        /**
         * Stores one image.
         *
         * @param key the image's relative path, such as {@code class_003/img_00042.jpg}
         * @param jpeg the encoded image
         * @throws IOException if it cannot be stored
         */
        void put(String key, byte[] jpeg) throws IOException;
    }

    /**
     * Writes the data set under {@code root}, unless {@code root} already holds the complete set
     * for the same parameters, in which case nothing is written.
     *
     * @param root the folder to fill
     * @param classes the number of classes
     * @param perClass the number of images per class
     * @param seed the seed
     * @return {@code root}
     * @throws IOException if a file cannot be written
     */
    public static Path write(Path root, int classes, int perClass, long seed) throws IOException {
        return write(root, classes, perClass, seed, Painter.PHOTOS);
    }

    /**
     * Writes the data set under {@code root} as {@link #write(Path, int, int, long)} does, painted
     * by {@code painter}.
     *
     * @param root the folder to fill
     * @param classes the number of classes
     * @param perClass the number of images per class
     * @param seed the seed
     * @param painter how the pictures are painted
     * @return {@code root}
     * @throws IOException if a file cannot be written
     */
    public static Path write(Path root, int classes, int perClass, long seed, Painter painter)
            throws IOException {
        Path marker = root.resolve(MARKER);
        String description =
                describe(classes, perClass, seed)
                        + (painter == Painter.PHOTOS ? "" : "painter=" + painter + "\n");
        if (Files.isRegularFile(marker) && Files.readString(marker).equals(description)) {
            return root;
        }
        Files.createDirectories(root);
        Files.deleteIfExists(marker);
        generate(
                classes,
                perClass,
                seed,
                painter,
                (key, jpeg) -> {
                    Path file = root.resolve(key);
                    Files.createDirectories(file.getParent());
                    Files.write(file, jpeg);
                });
        Files.writeString(marker, description, StandardCharsets.UTF_8);
        return root;
    }

    /**
     * Generates every image and hands it to {@code sink}, on as many threads as there are cores.
     *
     * @param classes the number of classes
     * @param perClass the number of images per class
     * @param seed the seed
     * @param sink where the images go
     * @throws IOException the first error of the sink or the encoder
     */
    public static void generate(int classes, int perClass, long seed, ImageSink sink)
            throws IOException {
        generate(classes, perClass, seed, Painter.PHOTOS, sink);
    }

    private static void generate(
            int classes, int perClass, long seed, Painter painter, ImageSink sink)
            throws IOException {
        if (classes < 1 || perClass < 1) {
            throw new IllegalArgumentException(
                    "classes or per-class < 1: " + classes + ", " + perClass);
        }
        int threads = Runtime.getRuntime().availableProcessors();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> images = new ArrayList<>();
            for (int c = 0; c < classes; c++) {
                for (int i = 0; i < perClass; i++) {
                    images.add(pool.submit(imageTask(c, i, seed, painter, sink)));
                }
            }
            awaitAll(images);
        }
    }

    /**
     * Returns the relative path of an image.
     *
     * @param classIndex the class, from 0
     * @param imageIndex the image within its class, from 0
     * @return the path, such as {@code class_003/img_00042.jpg}
     */
    public static String key(int classIndex, int imageIndex) {
        return String.format("class_%03d/img_%05d.jpg", classIndex, imageIndex);
    }

    private static Runnable imageTask(
            int classIndex, int imageIndex, long seed, Painter painter, ImageSink sink) {
        return () -> {
            try {
                byte[] jpeg =
                        painter.paint(ItemRandom.mix(seed, classIndex, imageIndex), classIndex);
                sink.put(key(classIndex, imageIndex), jpeg);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static void awaitAll(List<Future<?>> futures) throws IOException {
        try {
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while generating images", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw new IOException("image generation failed", e.getCause());
        }
    }

    private static String describe(int classes, int perClass, long seed) {
        return "classes="
                + classes
                + " perClass="
                + perClass
                + " seed="
                + seed
                + " pictures="
                + PICTURES_VERSION
                + "\n";
    }
}
