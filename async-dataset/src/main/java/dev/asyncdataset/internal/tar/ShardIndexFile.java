package dev.asyncdataset.internal.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageResize;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The sidecar index of a tar shard ({@code <shard>.idx}), written by {@code ShardWriter}: a header
 * line with the format's version and the shard's length, then one line per sample, tab-separated.
 * Version 3: the key, the label ({@code -} if none), then for every member, in archive order, its
 * name, offset, size and CRC32C in 8 hex digits. Versions 1 and 2 list only the image member (key,
 * image name, offset, size, label and, in version 2, the image's CRC32C) and are still read: their
 * samples have the image part only, and version 1 images pass unchecked. Version 4 is version 3 for
 * a shard whose images were re-encoded smaller ({@link ImageResize}): its header line goes on with
 * {@code max-side=<pixels>} and {@code jpeg-quality=<1-100>}. A reader trusts an index only for a
 * shard of the recorded length, and checks every range against that length.
 */
public final class ShardIndexFile {

    /** What a shard's name is followed by in its index's name. */
    public static final String SUFFIX = ".idx";

    private static final String MAGIC = "async-dataset-shard-index-v";
    private static final int VERSION = 4;
    private static final int RESIZED = 4;
    private static final String MAX_SIDE = "max-side=";
    private static final String JPEG_QUALITY = "jpeg-quality=";
    private static final int MEMBER_FIELDS = 4;

    private ShardIndexFile() {}

    /** The text of the index of a shard of {@code length} bytes holding {@code samples}. */
    public static String format(long length, List<ShardSample> samples) {
        return format(length, samples, null);
    }

    /**
     * The text of the index of a shard of {@code length} bytes holding {@code samples}, whose
     * images were re-encoded by {@code resized} (version 4), or stored as they came if it is null
     * (version 3).
     */
    public static String format(long length, List<ShardSample> samples, ImageResize resized) {
        String header =
                resized == null
                        ? "3\t" + length
                        : RESIZED
                                + "\t"
                                + length
                                + "\t"
                                + MAX_SIDE
                                + resized.maxSide()
                                + "\t"
                                + JPEG_QUALITY
                                + resized.jpegQuality();
        StringBuilder text = new StringBuilder(MAGIC + header + "\n");
        for (ShardSample s : samples) {
            text.append(s.key()).append('\t').append(s.classLabel() == null ? "-" : s.classLabel());
            List<TarMember> members = new ArrayList<>(s.parts().values());
            members.sort(Comparator.comparingLong(TarMember::offset));
            for (TarMember m : members) {
                text.append('\t').append(m.name()).append('\t').append(m.offset());
                text.append('\t').append(m.size()).append(String.format("\t%08x", m.crc32c()));
            }
            text.append('\n');
        }
        return text.toString();
    }

    /**
     * Parses an index; returns null if it was written for a shard of another length (stale), or if
     * {@code everyMember} is asked for and it predates version 3 (it lists the images only).
     *
     * @throws BadItemException if the index is malformed or a range leaves the shard
     */
    public static List<ShardSample> parse(
            String shard, long length, byte[] bytes, boolean everyMember) throws BadItemException {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
        String[] header = lines[0].split("\t");
        int version = version(header);
        if (version < 0) {
            throw new BadItemException(shard + SUFFIX, "not a shard index", null);
        }
        if (!header[1].equals(Long.toString(length)) || (everyMember && version < 3)) {
            return null;
        }
        List<ShardSample> samples = new ArrayList<>(lines.length - 1);
        for (int i = 1; i < lines.length; i++) {
            String[] fields = lines[i].split("\t", -1);
            try {
                samples.add(
                        version >= 3
                                ? sample(shard, length, fields)
                                : imageSample(shard, length, fields, version));
            } catch (RuntimeException e) {
                throw new BadItemException(
                        shard + SUFFIX + " line " + (i + 1), "malformed: " + e.getMessage(), e);
            }
        }
        return samples;
    }

    /**
     * Reads how the images of an index's shard were re-encoded.
     *
     * @return the settings a version 4 index records, or null for an index of an earlier version,
     *     whose shard holds the images as they came
     * @throws BadItemException if the index is malformed
     */
    public static ImageResize resized(String shard, byte[] bytes) throws BadItemException {
        String text = new String(bytes, 0, Math.min(bytes.length, 256), StandardCharsets.UTF_8);
        String[] header = text.split("\n", 2)[0].split("\t");
        int version = version(header);
        if (version < 0) {
            throw new BadItemException(shard + SUFFIX, "not a shard index", null);
        }
        try {
            return version == RESIZED
                    ? new ImageResize(
                            setting(header[2], MAX_SIDE), setting(header[3], JPEG_QUALITY))
                    : null;
        } catch (IllegalArgumentException e) {
            throw new BadItemException(shard + SUFFIX, "malformed header: " + e.getMessage(), e);
        }
    }

    /** The format version the header line names, or -1 if it is not an index's. */
    private static int version(String[] header) {
        for (int version = 1; version <= VERSION; version++) {
            int fields = version == RESIZED ? 4 : 2;
            if (header.length == fields && header[0].equals(MAGIC + version)) {
                return version;
            }
        }
        return -1;
    }

    private static int setting(String field, String name) {
        if (!field.startsWith(name)) {
            throw new IllegalArgumentException("expected " + name + "N, got " + field);
        }
        return Integer.parseInt(field.substring(name.length()));
    }

    private static ShardSample sample(String shard, long length, String[] f) {
        if (f.length < 2 + MEMBER_FIELDS || (f.length - 2) % MEMBER_FIELDS != 0) {
            throw new IllegalArgumentException(f.length + " fields");
        }
        if (f[0].isEmpty()) {
            throw new IllegalArgumentException("empty key");
        }
        Map<String, TarMember> parts = new HashMap<>();
        for (int at = 2; at < f.length; at += MEMBER_FIELDS) {
            TarMember m = member(length, f[at], f[at + 1], f[at + 2], crc32c(f[at + 3]));
            String part = ShardSamples.part(m.name());
            if (part.isEmpty() || parts.put(part, m) != null) {
                throw new IllegalArgumentException("no or a second part '" + part + "'");
            }
        }
        Long label = f[1].equals("-") ? null : Long.parseLong(f[1]);
        return new ShardSample(shard, f[0], parts, label, null);
    }

    private static ShardSample imageSample(String shard, long length, String[] f, int version) {
        if (f.length != (version == 1 ? 5 : 6)) {
            throw new IllegalArgumentException(f.length + " fields");
        }
        Integer crc = version == 1 ? null : crc32c(f[5]);
        TarMember image = member(length, f[1], f[2], f[3], crc);
        Map<String, TarMember> parts = Map.of(ShardSamples.part(image.name()), image);
        return new ShardSample(shard, f[0], parts, Long.parseLong(f[4]), null);
    }

    private static TarMember member(
            long length, String name, String offsetText, String sizeText, Integer crc) {
        long offset = Long.parseLong(offsetText);
        long size = Long.parseLong(sizeText);
        if (offset < 0 || size < 0 || size > length - offset || size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("range outside the shard");
        }
        return new TarMember(name, offset, size, null, crc);
    }

    private static int crc32c(String hex) {
        if (hex.length() != 8) {
            throw new IllegalArgumentException("CRC32C not 8 hex digits: " + hex);
        }
        return HexFormat.fromHexDigits(hex);
    }
}
