package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CPU cost of decoding a whole JPEG with the library's decoder ({@link ImageDecoder}: TurboJPEG
 * when installed), for the images of several folders in one process: each run decodes every image
 * of each folder in turn on this thread, so all folders see the same machine; the median over runs
 * of microseconds per image is printed per folder, with the mean file size.
 *
 * <p>Usage: {@code FolderDecodeTimes [--runs 9] DIR...} (the {@code .jpg} files under each DIR).
 */
public final class FolderDecodeTimes {

    private static final int WARM_UP = 2;

    private FolderDecodeTimes() {}

    /**
     * Times the folders and prints one line per folder.
     *
     * @param args {@code [--runs N] DIR...}
     * @throws IOException if a folder cannot be read
     */
    public static void main(String[] args) throws IOException {
        int first = args.length > 1 && args[0].equals("--runs") ? 2 : 0;
        int runs = first == 2 ? Integer.parseInt(args[1]) : 9;
        List<List<byte[]>> folders = new ArrayList<>();
        for (int i = first; i < args.length; i++) {
            folders.add(jpegs(Path.of(args[i])));
        }
        StageTimes times = new StageTimes();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int run = 0; run < WARM_UP + runs; run++) {
                if (run == WARM_UP) {
                    times.reset();
                }
                for (int f = 0; f < folders.size(); f++) {
                    decodeAll(manager, folders.get(f), times, args[first + f]);
                    times.endRun(folders.get(f).size());
                }
            }
        }
        System.out.printf("%-40s %8s %10s %12s%n", "folder", "images", "mean KB", "decode us");
        for (int f = 0; f < folders.size(); f++) {
            List<byte[]> images = folders.get(f);
            double kb = images.stream().mapToInt(b -> b.length).average().orElse(0) / 1024;
            String name = args[first + f];
            System.out.printf(
                    "%-40s %8d %10.1f %12.1f%n", name, images.size(), kb, times.median(name));
        }
    }

    private static void decodeAll(
            NDManager manager, List<byte[]> images, StageTimes times, String stage) {
        try (NDManager scope = manager.newSubManager()) {
            for (byte[] jpeg : images) {
                times.time(stage, () -> decode(scope, jpeg, stage));
            }
        }
    }

    private static Object decode(NDManager manager, byte[] jpeg, String folder) {
        try {
            return ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), folder);
        } catch (BadItemException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<byte[]> jpegs(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            List<Path> sorted = files.filter(p -> p.toString().endsWith(".jpg")).sorted().toList();
            List<byte[]> images = new ArrayList<>();
            for (Path file : sorted) {
                images.add(Files.readAllBytes(file));
            }
            return images;
        }
    }
}
