package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** {@link ImageResize}: what a re-encoded image looks like against the original shrunk exactly. */
class ImageResizeTest {

    private static final ImageResize AT_512 = new ImageResize(512, 90);

    @Test
    void reEncodedImageMatchesTheOriginalShrunkByArea() throws Exception {
        NativeCodecs.assumeOpenCv();
        byte[] original = PhotoJpegs.jpeg(1201, 899, 5, true);
        byte[] stored = AT_512.apply(original, "photo");
        assertTrue(stored.length < original.length / 2, stored.length + " of " + original.length);
        byte[] shrunk = OpenCvCodec.shrink(decode(original), 512, 383);
        Pixels decoded = decode(stored);
        assertEquals(383, decoded.height());
        assertEquals(512, decoded.width());
        double psnr = psnr(shrunk, bytes(decoded));
        assertTrue(psnr > 38, "PSNR " + psnr);
    }

    @Test
    void imagesAtMostTheMaximumAreKeptAsTheyAre() throws Exception {
        byte[] square = PhotoJpegs.jpeg(512, 512, 6, false);
        assertSame(square, AT_512.apply(square, "square"));
        byte[] png =
                dev.asyncdataset.testing.TestImages.png(
                        dev.asyncdataset.testing.TestImages.halves(
                                java.awt.image.BufferedImage.TYPE_INT_RGB,
                                300,
                                200,
                                java.awt.Color.RED,
                                java.awt.Color.GREEN));
        assertSame(png, AT_512.apply(png, "png"));
    }

    @Test
    void javaShrinkMatchesOpenCvsAreaShrink() throws Exception {
        NativeCodecs.assumeOpenCv();
        byte[] original = PhotoJpegs.jpeg(1201, 899, 7, true);
        byte[] area = ImageIoJpeg.shrink(decode(original), 512, 383);
        byte[] opencv = OpenCvCodec.shrink(decode(original), 512, 383);
        double psnr = psnr(opencv, area);
        assertTrue(psnr > 38, "Java 2D against OpenCV area: PSNR " + psnr);
    }

    @Test
    void imageIoEncodesAtQuality90AsCloseToThePixelsAsTurboJpeg() throws Exception {
        byte[] area = ImageIoJpeg.shrink(decode(PhotoJpegs.jpeg(1201, 899, 7, true)), 512, 383);
        byte[] jpeg = ImageIoJpeg.encode(area, 512, 383, 90, "photo");
        double encodePsnr = psnr(area, bytes(decode(jpeg)));
        assertTrue(encodePsnr > 35, "ImageIO at quality 90: PSNR " + encodePsnr);
        TurboJpeg.Encoder turbo = NativeCodecs.turboJpegEncoder();
        byte[] native90 = turbo.encode(area, 512, 383, 90, "photo");
        double nativePsnr = psnr(area, bytes(decode(native90)));
        assertTrue(Math.abs(nativePsnr - encodePsnr) < 1.5, nativePsnr + " against " + encodePsnr);
    }

    @Test
    void fitKeepsTheAspectRatioWithTheLongestSideAtTheMaximum() {
        assertArrayEquals(new int[] {256, 211}, new ImageResize(256, 90).fit(469, 387));
        assertArrayEquals(new int[] {120, 256}, new ImageResize(256, 90).fit(300, 641));
        assertArrayEquals(new int[] {256, 1}, new ImageResize(256, 90).fit(5000, 2));
    }

    private static Pixels decode(byte[] jpeg) throws BadItemException {
        return ImageDecoder.pixels(ByteBuffer.wrap(jpeg), "test", Codec.active());
    }

    private static byte[] bytes(Pixels pixels) {
        ByteBuffer buffer = pixels.buffer().duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    static double psnr(byte[] a, byte[] b) {
        assertEquals(a.length, b.length);
        double squared = 0;
        for (int i = 0; i < a.length; i++) {
            int d = (a[i] & 0xFF) - (b[i] & 0xFF);
            squared += d * d;
        }
        return 10 * Math.log10(255.0 * 255.0 * a.length / squared);
    }
}
