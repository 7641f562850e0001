package dev.asyncdataset.internal.tar;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes an uncompressed tar archive member by member (ustar headers, a GNU {@code L} record before
 * names longer than 100 bytes), keeping track of where each member's data lands.
 */
public final class TarWriter {

    private final OutputStream out;
    private long position;

    /**
     * @param out where the archive goes; left open
     */
    public TarWriter(OutputStream out) {
        this.out = out;
    }

    /** Appends a regular file; returns where its data lies, and its CRC32C. */
    public TarMember add(String name, byte[] data) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        if (nameBytes.length > 100) {
            byte[] record = (name + "\0").getBytes(StandardCharsets.UTF_8);
            block(TarHeader.ustar("././@LongLink", record.length, 'L'), record);
        }
        block(TarHeader.ustar(name, data.length, '0'), data);
        long offset = position - TarHeader.padded(data.length);
        return new TarMember(name, offset, data.length, null, MemberChecks.crc32c(data));
    }

    /** The bytes written so far. */
    public long position() {
        return position;
    }

    /** Writes the two end-of-archive blocks; the stream stays open. */
    public void finish() throws IOException {
        out.write(new byte[2 * TarHeader.BLOCK]);
        position += 2 * TarHeader.BLOCK;
    }

    private void block(byte[] header, byte[] data) throws IOException {
        long padded = TarHeader.padded(data.length);
        out.write(header);
        out.write(data);
        out.write(new byte[(int) (padded - data.length)]);
        position += TarHeader.BLOCK + padded;
    }
}
