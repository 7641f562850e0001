package dev.asyncdataset.source.jsonl;

import com.github.luben.zstd.ZstdInputStream;
import dev.asyncdataset.internal.io.OptionalDependency;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/** How a JSON Lines file is compressed, as its name ends: {@code .gz}, {@code .zst} or neither. */
enum Compression {
    NONE,
    GZIP,
    ZSTD;

    /** The reader of {@code .zst} files, required when the source opens one. */
    static final OptionalDependency ZSTD_JNI =
            new OptionalDependency(
                    "JSON Lines files compressed with Zstd",
                    "com.github.luben:zstd-jni",
                    "com.github.luben.zstd.ZstdInputStream");

    /** The most bytes a file may hold once decompressed: those of one Java array. */
    static final int MAX_BYTES = Integer.MAX_VALUE - 8;

    /** The compression of the file named {@code name}; a Zstd one needs zstd-jni. */
    static Compression of(String name) {
        String path = name.contains("?") ? name.substring(0, name.indexOf('?')) : name;
        if (path.endsWith(".gz")) {
            return GZIP;
        }
        if (path.endsWith(".zst")) {
            ZSTD_JNI.require();
            return ZSTD;
        }
        return NONE;
    }

    /**
     * Decompresses the first {@code length} bytes of {@code raw} into the start of {@code into}.
     *
     * @return the bytes written
     * @throws IOException if the bytes are not of this compression or do not fit in {@code into}
     */
    int decompress(byte[] raw, int length, byte[] into) throws IOException {
        if (this == NONE) {
            System.arraycopy(raw, 0, into, 0, length);
            return length;
        }
        try (InputStream in = open(raw, length)) {
            int n = in.readNBytes(into, 0, into.length);
            if (in.read() >= 0) {
                throw new IOException("holds more than " + into.length + " bytes decompressed");
            }
            return n;
        }
    }

    /**
     * Decompresses the first {@code length} bytes of {@code raw} into a new array.
     *
     * @throws IOException if the bytes are not of this compression or hold more than {@link
     *     #MAX_BYTES} decompressed
     */
    byte[] decompress(byte[] raw, int length) throws IOException {
        if (this == NONE) {
            return raw;
        }
        try (InputStream in = open(raw, length)) {
            byte[] bytes = in.readNBytes(MAX_BYTES);
            if (in.read() >= 0) {
                throw new IOException("holds more than " + MAX_BYTES + " bytes decompressed");
            }
            return bytes;
        }
    }

    private InputStream open(byte[] raw, int length) throws IOException {
        InputStream in = new ByteArrayInputStream(raw, 0, length);
        return this == GZIP ? new GZIPInputStream(in) : Zstd.open(in);
    }

    /**
     * The Zstandard reader, in a class of its own: verifying a method that hands a {@code
     * ZstdInputStream} on as an {@code InputStream} loads its class, which would fail the whole
     * enum, and so every JSON Lines file, without zstd-jni.
     */
    private static final class Zstd {

        static InputStream open(InputStream in) throws IOException {
            return new ZstdInputStream(in);
        }
    }
}
