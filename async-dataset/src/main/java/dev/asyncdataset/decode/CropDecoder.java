package dev.asyncdataset.decode;

import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * Decodes only what a recipe's crop keeps of a JPEG and resizes it into a batch row: the header is
 * read, the crop box drawn from its size exactly as for a fully decoded image (the same {@link
 * ItemRandom} draws), then only the region is decoded, at the smallest DCT scale that keeps the box
 * at least as large as the output ({@link JpegRegion}), and the box, located in the scaled pixels
 * to the sub-pixel, is resized into the row. Needs TurboJPEG and OpenCV; off with {@code
 * -Dasyncdataset.fusedcrop=false}.
 */
final class CropDecoder {

    /** The system property that turns the fused path off ({@code false}). */
    static final String PROPERTY = "asyncdataset.fusedcrop";

    private CropDecoder() {}

    /**
     * Writes the crop of {@code bytes} that {@code geometry} draws, resized, into {@code row}, if
     * this path can: a JPEG TurboJPEG decodes to RGB, with OpenCV as the codec.
     *
     * @return whether the row was written; if not, nothing was drawn from {@link ItemRandom}
     * @throws BadItemException if the bytes are not a complete, decodable JPEG
     */
    static boolean write(
            byte[] bytes,
            String key,
            RecipePipeline.Geometry geometry,
            int outWidth,
            int outHeight,
            ByteBuffer row)
            throws BadItemException {
        String mode = System.getProperty(PROPERTY, "false");
        TurboJpeg.Decoder turbo = TurboJpeg.decoder();
        if ("false".equals(mode)
                || turbo == null
                || Codec.active() != Codec.OPENCV
                || !EncodedImages.isJpeg(bytes)) {
            return false;
        }
        EncodedImages.check(bytes, key);
        Planner planner = new Planner(geometry, outWidth, outHeight, mode);
        TurboJpeg.Decoded decoded = turbo.decode(bytes, key, planner);
        if (decoded == null) {
            return false;
        }
        JpegRegion region = decoded.region();
        if (region.eighths() == 8) {
            OpenCvCodec.cropResize(
                    decoded.pixels(), region.shift(planner.box), outWidth, outHeight, row);
        } else {
            OpenCvCodec.cropResize(
                    decoded.pixels(), region.locate(planner.box), outWidth, outHeight, row);
        }
        return true;
    }

    /** Draws the box from the header and chooses the region; remembers the box. */
    private static final class Planner implements Function<TurboJpeg.Header, JpegRegion> {
        private final RecipePipeline.Geometry geometry;
        private final int outWidth;
        private final int outHeight;
        private final String mode;
        private CropBox box;

        Planner(RecipePipeline.Geometry geometry, int outWidth, int outHeight, String mode) {
            this.geometry = geometry;
            this.outWidth = outWidth;
            this.outHeight = outHeight;
            this.mode = mode;
        }

        @Override
        public JpegRegion apply(TurboJpeg.Header header) {
            box = geometry.box(header.height(), header.width());
            return JpegRegion.covering(header, box, outWidth, outHeight, mode);
        }
    }
}
