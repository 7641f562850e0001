package dev.asyncdataset.testing;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The odd and hostile inputs a loader meets in real buckets, generated at test time: broken bytes,
 * unusual colour models, extreme sizes, misleading extensions, and names with spaces and non-ASCII
 * characters. Each entry says what a loader must make of it.
 */
public final class HostileCorpus {

    /** The side of the very large image. */
    public static final int LARGE = 8_000;

    /**
     * One input and its expected outcome.
     *
     * @param name the file name (or key suffix)
     * @param bytes the content
     * @param height the decoded height, or 0 if the item must fail
     * @param width the decoded width, or 0 if the item must fail
     * @param problem a fragment of the expected error message, or {@code null} if it decodes
     */
    public record Entry(String name, byte[] bytes, int height, int width, String problem) {

        /** Tells whether the entry must decode to a 3-channel RGB image. */
        public boolean decodes() {
            return problem == null;
        }
    }

    private HostileCorpus() {}

    /** Returns the corpus, good and bad entries mixed; generated once per JVM. */
    public static List<Entry> entries() {
        return Generated.ENTRIES;
    }

    /** Generates the corpus on first use (the large image takes a few seconds). */
    private static final class Generated {
        static final List<Entry> ENTRIES = generate();
    }

    private static List<Entry> generate() {
        byte[] photo = TestImages.jpeg(64, 48, 42);
        BufferedImage halves =
                TestImages.halves(BufferedImage.TYPE_3BYTE_BGR, 30, 20, Color.ORANGE, Color.BLUE);
        return List.of(
                bad("truncated.jpg", Arrays.copyOf(photo, photo.length / 2), "truncated JPEG"),
                bad("zero-bytes.jpg", new byte[0], "zero-byte image"),
                bad("random-bytes.jpg", random(4_096), "not a decodable image"),
                bad("bomb.jpg", declaring(photo, 30_000, 30_000), "image too large"),
                good(
                        "gray.jpg",
                        TestImages.jpeg(
                                TestImages.halves(
                                        BufferedImage.TYPE_BYTE_GRAY,
                                        32,
                                        16,
                                        Color.DARK_GRAY,
                                        Color.LIGHT_GRAY))),
                good("cmyk.jpg", TestImages.cmykJpeg(24, 24, new int[] {230, 120, 40, 255})),
                good(
                        "alpha.png",
                        TestImages.png(
                                TestImages.halves(
                                        BufferedImage.TYPE_INT_ARGB,
                                        20,
                                        10,
                                        new Color(255, 0, 0, 90),
                                        Color.BLUE))),
                good(
                        "one-pixel.jpg",
                        TestImages.jpeg(
                                TestImages.halves(
                                        BufferedImage.TYPE_3BYTE_BGR,
                                        1,
                                        1,
                                        Color.GREEN,
                                        Color.GREEN))),
                good(
                        "large " + LARGE + ".jpg",
                        TestImages.jpeg(
                                TestImages.halves(
                                        BufferedImage.TYPE_3BYTE_BGR,
                                        LARGE,
                                        LARGE,
                                        Color.RED,
                                        Color.CYAN))),
                good("png-named.jpg", TestImages.png(halves)),
                good("jpeg-named.png", TestImages.jpeg(halves)),
                good("café au lait 1.jpg", photo),
                good("日本 語 ファイル.jpg", TestImages.jpeg(40, 30, 7)));
    }

    /** Returns the names of the entries that must decode, sorted. */
    public static Set<String> goodNames() {
        Set<String> good = new TreeSet<>();
        entries().stream().filter(Entry::decodes).forEach(e -> good.add(e.name()));
        return good;
    }

    /** Returns the entries by name, in order. */
    public static Map<String, Entry> byName() {
        Map<String, Entry> byName = new LinkedHashMap<>();
        for (Entry entry : entries()) {
            byName.put(entry.name(), entry);
        }
        return byName;
    }

    private static Entry good(String name, byte[] bytes) {
        int[] size = TestImages.size(bytes);
        return new Entry(name, bytes, size[0], size[1], null);
    }

    private static Entry bad(String name, byte[] bytes, String problem) {
        return new Entry(name, bytes, 0, 0, problem);
    }

    private static byte[] random(int length) {
        byte[] bytes = new byte[length];
        new SplittableRandom(5).nextBytes(bytes);
        return bytes;
    }

    /** A copy of a real JPEG whose start-of-frame header claims {@code width x height}. */
    private static byte[] declaring(byte[] jpeg, int width, int height) {
        byte[] bomb = jpeg.clone();
        for (int at = 2; at + 9 < bomb.length; at++) {
            if (bomb[at] == (byte) 0xFF
                    && (bomb[at + 1] == (byte) 0xC0 || bomb[at + 1] == (byte) 0xC2)) {
                bomb[at + 5] = (byte) (height >> 8);
                bomb[at + 6] = (byte) height;
                bomb[at + 7] = (byte) (width >> 8);
                bomb[at + 8] = (byte) width;
                return bomb;
            }
        }
        throw new IllegalStateException("no start-of-frame in the JPEG");
    }
}
