package dev.asyncdataset.source.parquet;

import com.github.luben.zstd.Zstd;
import dev.asyncdataset.internal.io.OptionalDependency;
import dev.hardwood.metadata.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.IntFunction;
import java.util.zip.GZIPInputStream;
import org.xerial.snappy.Snappy;

/**
 * Decompresses a page once, into an array of at least its uncompressed size that the caller gives:
 * Snappy (snappy-java), Zstd (zstd-jni), gzip (the JDK) or none (a copy, out of a buffer that is
 * reused).
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
     * Returns an array from {@code arrays} whose first {@code size} bytes are those that the {@code
     * length} bytes of {@code bytes} at {@code offset} decompress to with {@code codec}.
     *
     * @param arrays gives an array of at least the size asked for
     * @throws IOException if they do not decompress to exactly {@code size} bytes, or the codec is
     *     not one of these
     */
    static byte[] decompress(
            CompressionCodec codec,
            byte[] bytes,
            int offset,
            int length,
            int size,
            IntFunction<byte[]> arrays)
            throws IOException {
        return switch (codec) {
            case UNCOMPRESSED -> copy(bytes, offset, length, size, arrays);
            case SNAPPY -> snappy(bytes, offset, length, size, arrays);
            case ZSTD -> zstd(bytes, offset, length, size, arrays);
            case GZIP -> gzip(bytes, offset, length, size, arrays);
            default -> throw new IOException("pages compressed with " + codec + " are not read");
        };
    }

    private static byte[] copy(
            byte[] bytes, int offset, int length, int size, IntFunction<byte[]> arrays)
            throws IOException {
        if (length != size) {
            throw new IOException(
                    "an uncompressed page of " + length + " bytes says it holds " + size);
        }
        byte[] page = arrays.apply(size);
        System.arraycopy(bytes, offset, page, 0, length);
        return page;
    }

    private static byte[] snappy(
            byte[] bytes, int offset, int length, int size, IntFunction<byte[]> arrays)
            throws IOException {
        int declared = Snappy.uncompressedLength(bytes, offset, length);
        if (declared != size) {
            throw new IOException("a Snappy page of " + declared + " bytes says it holds " + size);
        }
        byte[] page = arrays.apply(size);
        sized(Snappy.uncompress(bytes, offset, length, page, 0), size, "Snappy");
        return page;
    }

    private static byte[] zstd(
            byte[] bytes, int offset, int length, int size, IntFunction<byte[]> arrays)
            throws IOException {
        byte[] page = arrays.apply(size);
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

    private static byte[] gzip(
            byte[] bytes, int offset, int length, int size, IntFunction<byte[]> arrays)
            throws IOException {
        try (InputStream in =
                new GZIPInputStream(new ByteArrayInputStream(bytes, offset, length))) {
            byte[] page = arrays.apply(size);
            int read = in.readNBytes(page, 0, size);
            if (in.read() >= 0) {
                throw new IOException("a gzip page holds more than its " + size + " bytes");
            }
            sized(read, size, "gzip");
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
