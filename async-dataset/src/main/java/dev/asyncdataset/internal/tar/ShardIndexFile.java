package dev.asyncdataset.internal.tar;

import dev.asyncdataset.decode.BadItemException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The sidecar index of a tar shard ({@code <shard>.idx}), written by {@code ShardWriter}: a header
 * line with the format's version and the shard's length, then one line per sample, tab-separated:
 * key, image member name, image offset, image size, label and (version 2) the image's CRC32C in 8
 * hex digits. Version 1 indexes, written before the CRC, are still read: their images then pass
 * unchecked. A reader trusts an index only for a shard of the recorded length, and checks every
 * range against that length.
 */
public final class ShardIndexFile {

    /** What a shard's name is followed by in its index's name. */
    public static final String SUFFIX = ".idx";

    private static final String MAGIC = "async-dataset-shard-index-v";
    private static final int VERSION = 2;

    private ShardIndexFile() {}

    /** The text of the index of a shard of {@code length} bytes holding {@code samples}. */
    public static String format(long length, List<ShardSample> samples) {
        StringBuilder text = new StringBuilder(MAGIC + VERSION + "\t" + length + "\n");
        for (ShardSample s : samples) {
            TarMember image = s.image();
            text.append(String.join("\t", s.key(), image.name(), "" + image.offset()))
                    .append('\t')
                    .append(image.size())
                    .append('\t')
                    .append(s.label())
                    .append(String.format("\t%08x\n", image.crc32c()));
        }
        return text.toString();
    }

    /**
     * Parses an index; returns null if it was written for a shard of another length (stale).
     *
     * @throws BadItemException if the index is malformed or a range leaves the shard
     */
    public static List<ShardSample> parse(String shard, long length, byte[] bytes)
            throws BadItemException {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
        String[] header = lines[0].split("\t");
        int version = version(header);
        if (version < 0) {
            throw new BadItemException(shard + SUFFIX, "not a shard index", null);
        }
        if (!header[1].equals(Long.toString(length))) {
            return null;
        }
        List<ShardSample> samples = new ArrayList<>(lines.length - 1);
        for (int i = 1; i < lines.length; i++) {
            samples.add(line(shard, length, lines[i].split("\t"), version, i + 1));
        }
        return samples;
    }

    /** The format version the header line names, or -1 if it is not an index's. */
    private static int version(String[] header) {
        for (int version = 1; header.length == 2 && version <= VERSION; version++) {
            if (header[0].equals(MAGIC + version)) {
                return version;
            }
        }
        return -1;
    }

    private static ShardSample line(String shard, long length, String[] f, int version, int number)
            throws BadItemException {
        try {
            long offset = Long.parseLong(f[2]);
            long size = Long.parseLong(f[3]);
            if (f.length != (version == 1 ? 5 : 6)
                    || offset < 0
                    || size <= 0
                    || size > length - offset
                    || size > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("range outside the shard");
            }
            Integer crc = version == 1 ? null : crc32c(f[5]);
            TarMember image = new TarMember(f[1], offset, size, null, crc);
            return new ShardSample(shard, f[0], image, Long.parseLong(f[4]), null, null);
        } catch (RuntimeException e) {
            throw new BadItemException(
                    shard + SUFFIX + " line " + number, "malformed: " + e.getMessage(), e);
        }
    }

    private static int crc32c(String hex) {
        if (hex.length() != 8) {
            throw new IllegalArgumentException("CRC32C not 8 hex digits: " + hex);
        }
        return HexFormat.fromHexDigits(hex);
    }
}
