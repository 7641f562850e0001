package dev.asyncdataset.decode;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * A trivial image format of the tests' own, {@code .rgbraw}: its width and height as two big-endian
 * ints, then its RGB pixels row by row. Named in {@code META-INF/services} of the test resources,
 * as a jar would name it, and never registered in code.
 */
public final class RawRgbFormat implements ImageFormat {

    /** The extension of the format. */
    static final String EXTENSION = "rgbraw";

    @Override
    public Set<String> extensions() {
        return Set.of(EXTENSION);
    }

    @Override
    public BufferedImage decode(ByteBuffer encoded) throws IOException {
        ByteBuffer in = encoded.slice();
        if (in.remaining() < 8) {
            throw new IOException("no header: " + in.remaining() + " bytes");
        }
        int width = in.getInt();
        int height = in.getInt();
        if (width <= 0 || height <= 0 || in.remaining() != (long) width * height * 3) {
            throw new IOException(width + " x " + height + " in " + in.remaining() + " bytes");
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < bgr.length; i += 3) {
            bgr[i + 2] = in.get();
            bgr[i + 1] = in.get();
            bgr[i] = in.get();
        }
        return image;
    }

    /** Encodes {@code rgb}, height x width x 3 bytes, as the format's bytes. */
    static byte[] encode(int width, int height, byte[] rgb) {
        return ByteBuffer.allocate(8 + rgb.length).putInt(width).putInt(height).put(rgb).array();
    }
}
