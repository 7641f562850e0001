package dev.asyncdataset.internal.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.ByteRanges;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the headers of an uncompressed tar shard (POSIX ustar, GNU {@code L} long names, pax {@code
 * x} path records) into the list of its members, skipping over their data. Damage that leaves the
 * rest of the shard unreadable (truncation, a bad checksum, a size running past the end, an object
 * that is not a tar) fails with {@link BadItemException} naming the shard and the member; a member
 * that is merely unusable (a link, a device, an unsafe name, no data) is listed with its problem,
 * so that only its sample is lost. No size is trusted before it is checked against the shard's
 * length, and long-name records are capped, so a hostile header never causes a large allocation.
 */
public final class TarIndex {

    /** The largest GNU long name or pax record block read. */
    static final int MAX_NAME_RECORD = 64 * 1024;

    private final String shard;
    private final long length;
    private final ByteRanges in;
    private final List<TarMember> members = new ArrayList<>();
    private String longName;
    private String last = "(first header)";

    private TarIndex(String shard, long length, ByteRanges in) {
        this.shard = shard;
        this.length = length;
        this.in = in;
    }

    /**
     * Lists the members of the shard.
     *
     * @param shard the shard's name, for error messages
     * @param length the shard's length in bytes
     * @param in reads the shard's bytes
     * @return the members in archive order, directories and pax/GNU records left out
     * @throws BadItemException if the shard is damaged or not a tar archive
     * @throws IOException if the storage fails
     */
    public static List<TarMember> read(String shard, long length, ByteRanges in)
            throws IOException {
        TarIndex index = new TarIndex(shard, length, in);
        long position = 0;
        while (position >= 0) {
            position = index.next(position);
        }
        return index.members;
    }

    /** Reads the header at {@code position}; returns where the next one starts, -1 at the end. */
    private long next(long position) throws IOException {
        if (position + TarHeader.BLOCK > length) {
            throw bad("truncated shard: ends at byte " + length + " without end-of-archive blocks");
        }
        byte[] block = in.read(position, TarHeader.BLOCK);
        if (TarHeader.isZero(block)) {
            return -1;
        }
        if (!TarHeader.checksumMatches(block)) {
            throw bad(
                    position == 0 && !TarHeader.hasMagic(block)
                            ? "not a tar archive (no valid header at byte 0)"
                            : "bad header checksum at byte " + position);
        }
        long size = TarHeader.size(block);
        long data = position + TarHeader.BLOCK;
        String name = longName != null ? longName : TarHeader.name(block);
        last = name;
        if (size < 0) {
            throw bad("malformed size field at byte " + position);
        }
        if (size > length - data) {
            throw bad(
                    "member claims "
                            + size
                            + " bytes from byte "
                            + data
                            + ", past the end of the shard ("
                            + length
                            + " bytes)");
        }
        member(TarHeader.type(block), name, data, size);
        return data + TarHeader.padded(size);
    }

    private void member(char type, String name, long data, long size) throws IOException {
        switch (type) {
            case 'L' -> longName = nameRecord(data, size, false);
            case 'x' -> longName = nameRecord(data, size, true);
            case 'g', '5' -> longName = null;
            default -> {
                members.add(new TarMember(name, data, size, problem(type, name, size)));
                longName = null;
            }
        }
    }

    private String nameRecord(long data, long size, boolean pax) throws IOException {
        if (size > MAX_NAME_RECORD) {
            throw bad("long-name record of " + size + " bytes (limit " + MAX_NAME_RECORD + ")");
        }
        byte[] bytes = in.read(data, (int) size);
        if (pax) {
            try {
                return PaxRecords.path(bytes);
            } catch (IllegalArgumentException e) {
                throw bad("malformed pax header: " + e.getMessage());
            }
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        int nul = text.indexOf('\0');
        return nul >= 0 ? text.substring(0, nul) : text;
    }

    /** Why a member other than a directory or name record cannot be used, or null. */
    static String problem(char type, String name, long size) {
        return switch (type) {
            case '0', '\0', '7' -> regularProblem(name, size);
            case '1', '2' -> "is a link, not a regular file";
            case '3', '4', '6' -> "is a device or fifo, not a regular file";
            default -> "has unsupported tar type '" + type + "'";
        };
    }

    private static String regularProblem(String name, long size) {
        if (name.isEmpty() || name.startsWith("/")) {
            return "has an empty or absolute name";
        }
        for (String segment : name.split("/")) {
            if (segment.equals("..")) {
                return "has a '..' segment in its name";
            }
        }
        if (size == 0) {
            return "is empty (zero-length member)";
        }
        return size > Integer.MAX_VALUE - 8 ? "is too large (" + size + " bytes)" : null;
    }

    private BadItemException bad(String message) {
        return new BadItemException(shard + " member " + last, message, null);
    }
}
