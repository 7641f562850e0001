package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.internal.decode.ItemSeeds;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Decoding only what the crop keeps ({@link CropDecoder}) against decoding the whole image, on
 * photo-like JPEGs of odd sizes with 4:2:0 and 4:4:4 chroma: the rows stay within the stated bound
 * of the whole decode's rows, from the same crop window.
 */
class CropDecoderTest {

    private static final List<byte[]> PHOTOS =
            List.of(
                    PhotoJpegs.jpeg(469, 387, 1, true),
                    PhotoJpegs.jpeg(469, 387, 2, false),
                    PhotoJpegs.jpeg(1201, 899, 3, true),
                    PhotoJpegs.jpeg(899, 1201, 4, false),
                    PhotoJpegs.jpeg(2011, 1517, 5, true));

    @BeforeEach
    void needsTurboJpegAndOpenCv() {
        NativeCodecs.assumeTurboJpegAndOpenCv();
    }

    @Test
    void trainingRowsStayWithinTheBoundOfTheWholeDecode() throws BadItemException {
        assertWithinBound(compare(ImageRecipes.training(224), PHOTOS, 12));
    }

    @Test
    void evaluationRowsStayWithinTheBoundOfTheWholeDecode() throws BadItemException {
        assertWithinBound(compare(ImageRecipes.evaluation(256, 224), PHOTOS, 1));
    }

    @Test
    void cropsNotHalvedGiveTheWholeDecodesBytes() throws BadItemException {
        RecipeRows writer = new RecipeRows((RecipePipeline) ImageRecipes.training(224));
        for (boolean subsampled : new boolean[] {true, false}) {
            byte[] photo = PhotoJpegs.jpeg(469, 387, 8, subsampled);
            for (long index = 0; index < 20; index++) {
                assertArrayEquals(
                        row(writer, photo, index, "false"), row(writer, photo, index, "true"));
            }
        }
    }

    @Test
    void drawsTheSameCropBoxAsTheWholeDecode() throws BadItemException {
        RandomResizedCrop crop = new RandomResizedCrop(224, 224);
        for (byte[] photo : PHOTOS) {
            List<CropBox> fused = new ArrayList<>();
            ItemSeeds.with(3, 0, 0, () -> write(photo, (h, w) -> record(crop, h, w, fused)));
            Pixels whole = ImageDecoder.pixels(ByteBuffer.wrap(photo), "photo", Codec.OPENCV);
            CropBox expected =
                    ItemSeeds.with(
                            3,
                            0,
                            0,
                            () -> crop.box(whole.height(), whole.width(), ItemRandom.current()));
            assertEquals(List.of(expected), fused);
        }
    }

    @Test
    void progressiveJpegsAreLeftToTheWholeDecode() throws BadItemException {
        byte[] progressive = PhotoJpegs.progressive(PHOTOS.get(2));
        List<CropBox> drawn = new ArrayList<>();
        assertFalse(
                write(progressive, (h, w) -> record(new RandomResizedCrop(224, 224), h, w, drawn)));
        assertEquals(List.of(), drawn);
    }

    @Test
    void thePropertyTurnsTheFusedPathOff() throws BadItemException {
        System.setProperty(CropDecoder.PROPERTY, "false");
        try {
            assertFalse(write(PHOTOS.get(0), new ResizeCenterCrop(256, 224)::box));
        } finally {
            System.clearProperty(CropDecoder.PROPERTY);
        }
        assertTrue(write(PHOTOS.get(0), new ResizeCenterCrop(256, 224)::box));
    }

    private static boolean write(byte[] jpeg, RecipePipeline.Geometry geometry)
            throws BadItemException {
        ByteBuffer row = ByteBuffer.allocateDirect(224 * 224 * 3);
        return CropDecoder.write(ByteBuffer.wrap(jpeg), "photo", geometry, 224, 224, row);
    }

    private static CropBox record(
            RandomResizedCrop crop, int height, int width, List<CropBox> boxes) {
        CropBox box = crop.box(height, width, ItemRandom.current());
        boxes.add(box);
        return box;
    }

    /**
     * The bound (docs/decoding.md): over a set of rows, a mean absolute difference under 2.5 levels
     * of 255 and a PSNR over 38 dB; and no row under 35 dB.
     */
    private static void assertWithinBound(Difference difference) {
        assertTrue(difference.meanAbsolute() < 2.5, difference.toString());
        assertTrue(difference.psnr() > 38, difference.toString());
        assertTrue(difference.worstPsnr > 35, difference.toString());
    }

    private static Difference compare(Pipeline recipe, List<byte[]> jpegs, int draws)
            throws BadItemException {
        RecipeRows writer = new RecipeRows((RecipePipeline) recipe);
        Difference difference = new Difference();
        for (int p = 0; p < jpegs.size(); p++) {
            for (int draw = 0; draw < draws; draw++) {
                long index = p * 1000L + draw;
                byte[] whole = row(writer, jpegs.get(p), index, "false");
                difference.add(whole, row(writer, jpegs.get(p), index, "true"));
            }
        }
        return difference;
    }

    private static byte[] row(RecipeRows writer, byte[] jpeg, long index, String fused)
            throws BadItemException {
        ByteBuffer row = ByteBuffer.allocateDirect(224 * 224 * 3);
        System.setProperty(CropDecoder.PROPERTY, fused);
        try (NDManager manager = NDManager.newBaseManager()) {
            ItemSeeds.with(
                    7,
                    0,
                    index,
                    () -> {
                        writer.write(manager, ByteBuffer.wrap(jpeg), "photo", row);
                        return null;
                    });
        } finally {
            System.clearProperty(CropDecoder.PROPERTY);
        }
        byte[] bytes = new byte[row.capacity()];
        row.get(0, bytes);
        return bytes;
    }

    /** Mean absolute difference and PSNR over all rows compared, and the worst row's PSNR. */
    private static final class Difference {
        private long absolute;
        private double squared;
        private long values;
        private double worstPsnr = Double.POSITIVE_INFINITY;

        void add(byte[] reference, byte[] candidate) {
            double rowSquared = 0;
            for (int i = 0; i < reference.length; i++) {
                int d = (reference[i] & 0xFF) - (candidate[i] & 0xFF);
                absolute += Math.abs(d);
                rowSquared += d * d;
            }
            squared += rowSquared;
            values += reference.length;
            worstPsnr = Math.min(worstPsnr, psnr(rowSquared / reference.length));
        }

        double meanAbsolute() {
            return (double) absolute / values;
        }

        double psnr() {
            return psnr(squared / values);
        }

        private static double psnr(double meanSquared) {
            return 10 * Math.log10(255.0 * 255.0 / meanSquared);
        }

        @Override
        public String toString() {
            return String.format(
                    "MAD %.3f, PSNR %.2f dB, worst row %.2f dB", meanAbsolute(), psnr(), worstPsnr);
        }
    }
}
