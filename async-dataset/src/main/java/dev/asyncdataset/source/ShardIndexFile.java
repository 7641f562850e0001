package dev.asyncdataset.source;

import dev.asyncdataset.decode.BadItemException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The sidecar index of a tar shard ({@code <shard>.idx}), written by {@link ShardWriter}: a header
 * line with the shard's length, then one line per sample, tab-separated: key, image member name,
 * image offset, image size, label. A reader trusts it only for a shard of the recorded length, and
 * checks every range against that length.
 */
final class ShardIndexFile {

    static final String SUFFIX = ".idx";
    private static final String MAGIC = "async-dataset-shard-index-v1";

    private ShardIndexFile() {}

    /** The text of the index of a shard of {@code length} bytes holding {@code samples}. */
    static String format(long length, List<ShardSample> samples) {
        StringBuilder text = new StringBuilder(MAGIC + "\t" + length + "\n");
        for (ShardSample s : samples) {
            TarMember image = s.image();
            text.append(String.join("\t", s.key(), image.name(), "" + image.offset()))
                    .append('\t')
                    .append(image.size())
                    .append('\t')
                    .append(s.label())
                    .append('\n');
        }
        return text.toString();
    }

    /**
     * Parses an index; returns null if it was written for a shard of another length (stale).
     *
     * @throws BadItemException if the index is malformed or a range leaves the shard
     */
    static List<ShardSample> parse(String shard, long length, byte[] bytes)
            throws BadItemException {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
        String[] header = lines[0].split("\t");
        if (header.length != 2 || !header[0].equals(MAGIC)) {
            throw new BadItemException(shard + SUFFIX, "not a shard index", null);
        }
        if (!header[1].equals(Long.toString(length))) {
            return null;
        }
        List<ShardSample> samples = new ArrayList<>(lines.length - 1);
        for (int i = 1; i < lines.length; i++) {
            samples.add(line(shard, length, lines[i], i + 1));
        }
        return samples;
    }

    private static ShardSample line(String shard, long length, String line, int number)
            throws BadItemException {
        String[] f = line.split("\t");
        try {
            long offset = Long.parseLong(f[2]);
            long size = Long.parseLong(f[3]);
            if (f.length != 5
                    || offset < 0
                    || size <= 0
                    || size > length - offset
                    || size > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("range outside the shard");
            }
            TarMember image = new TarMember(f[1], offset, size, null);
            return new ShardSample(shard, f[0], image, Long.parseLong(f[4]), null, null);
        } catch (RuntimeException e) {
            throw new BadItemException(
                    shard + SUFFIX + " line " + number, "malformed: " + e.getMessage(), e);
        }
    }
}
