package dev.asyncdataset.decode;

import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * Decodes only what a recipe's crop keeps of a JPEG and resizes it into a batch row. The header is
 * read, the crop box drawn from its size exactly as for a fully decoded image (the same {@link
 * ItemRandom} draws), then only the rows down to the box are decoded, at the smallest DCT scale
 * that keeps the box at least as large as the output ({@link JpegRegion}), and the box, located in
 * the scaled pixels to the sub-pixel, is resized into the row. It takes baseline and extended
 * sequential JPEGs that TurboJPEG decodes to RGB, with OpenCV as the codec; progressive JPEGs, CMYK
 * and YCCK, other formats and other codecs decode whole. Off with {@code
 * -Dasyncdataset.fusedcrop=false}.
 */
final class CropDecoder {

    /** The system property that turns this path off when {@code false}, read at every image. */
    static final String PROPERTY = "asyncdataset.fusedcrop";

    private CropDecoder() {}

    /**
     * Writes the crop of {@code encoded} (from its position to its limit) that {@code geometry}
     * draws, resized, into {@code row}, if this path takes the image.
     *
     * @return whether the row was written; if not, nothing was drawn from {@link ItemRandom}
     * @throws BadItemException if the bytes are not a complete, decodable JPEG
     */
    static boolean write(
            ByteBuffer encoded,
            String key,
            RecipePipeline.Geometry geometry,
            int outWidth,
            int outHeight,
            ByteBuffer row)
            throws BadItemException {
        TurboJpeg.Decoder turbo = TurboJpeg.decoder();
        ByteBuffer bytes = EncodedImages.readable(encoded);
        if ("false".equals(System.getProperty(PROPERTY))
                || turbo == null
                || Codec.active() != Codec.OPENCV
                || !EncodedImages.isSequentialJpeg(bytes)) {
            return false;
        }
        EncodedImages.check(bytes, key);
        Planner planner = new Planner(geometry, outWidth, outHeight);
        Pixels pixels = turbo.decode(bytes, key, planner);
        if (pixels == null) {
            return false;
        }
        if (planner.region.eighths() == 8) {
            OpenCvCodec.cropResize(pixels, planner.box, outWidth, outHeight, row);
        } else {
            double[] box = planner.region.locate(planner.box);
            OpenCvWarp.cropResize(pixels, box, outWidth, outHeight, row);
        }
        return true;
    }

    /** Draws the box from the header and chooses the region; remembers both. */
    private static final class Planner implements Function<TurboJpeg.Header, JpegRegion> {
        private final RecipePipeline.Geometry geometry;
        private final int outWidth;
        private final int outHeight;
        private CropBox box;
        private JpegRegion region;

        Planner(RecipePipeline.Geometry geometry, int outWidth, int outHeight) {
            this.geometry = geometry;
            this.outWidth = outWidth;
            this.outHeight = outHeight;
        }

        @Override
        public JpegRegion apply(TurboJpeg.Header header) {
            box = geometry.box(header.height(), header.width());
            region = JpegRegion.covering(header, box, outWidth, outHeight);
            return region;
        }
    }
}
