package dev.asyncdataset.internal.tar;

import dev.asyncdataset.internal.io.ByteRanges;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Builds tar archives byte by byte, including broken ones, for the tar reader's tests. */
public final class TarBytes {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Appends a regular file. */
    public TarBytes file(String name, byte[] data) {
        return entry(TarHeader.ustar(name, data.length, '0'), data);
    }

    /** Appends a regular file holding {@code text}. */
    public TarBytes file(String name, String text) {
        return file(name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Appends a member of {@code type} with {@code data}. */
    public TarBytes member(String name, char type, byte[] data) {
        return entry(TarHeader.ustar(name, data.length, type), data);
    }

    /** Appends a GNU long-name record for the next member. */
    public TarBytes gnuLongName(String name) {
        byte[] bytes = (name + "\0").getBytes(StandardCharsets.UTF_8);
        return entry(TarHeader.ustar("././@LongLink", bytes.length, 'L'), bytes);
    }

    /** Appends {@code header} and {@code data} padded to whole blocks, whatever the header says. */
    public TarBytes entry(byte[] header, byte[] data) {
        out.writeBytes(header);
        out.writeBytes(data);
        out.writeBytes(new byte[(int) (TarHeader.padded(data.length) - data.length)]);
        return this;
    }

    /** The archive so far, without end-of-archive blocks. */
    public byte[] withoutEnd() {
        return out.toByteArray();
    }

    /** The archive with its two zero end blocks. */
    public byte[] finish() {
        out.writeBytes(new byte[2 * TarHeader.BLOCK]);
        return out.toByteArray();
    }

    /** Byte ranges of an in-memory object. */
    public static ByteRanges ranges(byte[] object) {
        return (offset, length) -> {
            if (offset + length > object.length) {
                throw new EOFException("ends at " + object.length);
            }
            return Arrays.copyOfRange(object, (int) offset, (int) offset + length);
        };
    }

    /** Lists the members of an in-memory shard named {@code shard.tar}. */
    public static java.util.List<TarMember> index(byte[] shard) throws java.io.IOException {
        return TarIndex.read("shard.tar", shard.length, ranges(shard));
    }
}
