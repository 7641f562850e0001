package dev.asyncdataset.source.parquet;

import com.github.luben.zstd.Zstd;
import dev.asyncdataset.internal.io.OptionalDependency;
import dev.hardwood.metadata.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.xerial.snappy.Snappy;

/**
 * Decompresses a page into an array of exactly its uncompressed size, allocated once: Snappy
 * (snappy-java), Zstd (zstd-jni), gzip (the JDK) or none (a copy, out of a buffer that is reused).
 */
final class PageCodec {

    /** The codec of Snappy pages. */
    static final OptionalDependency SNAPPY =
            new OptionalDependency(
                    "Parquet pages compressed with Snappy",
                    "org.xerial.snappy:snappy-java",
                    "org.xerial.snappy.Snappy");

    /** The codec of Zstd pages. */
    static final OptionalDependency ZSTD =
            new OptionalDependency(
                    "Parquet pages compressed with Zstd",
                    "com.github.luben:zstd-jni",
                    "com.github.luben.zstd.Zstd");

    private PageCodec() {}

    /**
     * Fails, naming the dependency to add, if pages compressed with {@code codec} need a library
     * that is not on the class path.
     */
    static void requireLibrary(CompressionCodec codec) {
        switch (codec) {
            case SNAPPY -> SNAPPY.require();
            case ZSTD -> ZSTD.require();
            default -> {}
        }
    }

    /**
     * Returns the {@code size} bytes that the {@code length} bytes of {@code bytes} at {@code
     * offset} decompress to with {@code codec}.
     *
     * @throws IOException if they do not decompress to exactly {@code size} bytes, or the codec is
     *     not one of these
     */
    static byte[] decompress(CompressionCodec codec, byte[] bytes, int offset, int length, int size)
            throws IOException {
        return switch (codec) {
            case UNCOMPRESSED -> copy(bytes, offset, length, size);
            case SNAPPY -> snappy(bytes, offset, length, size);
            case ZSTD -> zstd(bytes, offset, length, size);
            case GZIP -> gzip(bytes, offset, length, size);
            default -> throw new IOException("pages compressed with " + codec + " are not read");
        };
    }

    private static byte[] copy(byte[] bytes, int offset, int length, int size) throws IOException {
        if (length != size) {
            throw new IOException(
                    "an uncompressed page of " + length + " bytes says it holds " + size);
        }
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    private static byte[] snappy(byte[] bytes, int offset, int length, int size)
            throws IOException {
        int declared = Snappy.uncompressedLength(bytes, offset, length);
        if (declared != size) {
            throw new IOException("a Snappy page of " + declared + " bytes says it holds " + size);
        }
        byte[] page = new byte[size];
        sized(Snappy.uncompress(bytes, offset, length, page, 0), size, "Snappy");
        return page;
    }

    private static byte[] zstd(byte[] bytes, int offset, int length, int size) throws IOException {
        byte[] page = new byte[size];
        long written;
        try {
            written = Zstd.decompressByteArray(page, 0, size, bytes, offset, length);
        } catch (RuntimeException e) {
            throw new IOException("a Zstd page does not decompress: " + e.getMessage(), e);
        }
        if (Zstd.isError(written)) {
            throw new IOException("a Zstd page does not decompress: " + Zstd.getErrorName(written));
        }
        sized(written, size, "Zstd");
        return page;
    }

    private static byte[] gzip(byte[] bytes, int offset, int length, int size) throws IOException {
        try (InputStream in =
                new GZIPInputStream(new ByteArrayInputStream(bytes, offset, length))) {
            byte[] page = in.readNBytes(size);
            if (in.read() >= 0) {
                throw new IOException("a gzip page holds more than its " + size + " bytes");
            }
            sized(page.length, size, "gzip");
            return page;
        }
    }

    private static void sized(long written, int size, String codec) throws IOException {
        if (written != size) {
            throw new IOException(
                    "a " + codec + " page of " + written + " bytes says it holds " + size);
        }
    }
}
