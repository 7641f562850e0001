package dev.asyncdataset.internal.tar;

import dev.asyncdataset.internal.io.ByteRanges;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Groups the members of a tar shard into WebDataset samples: the key of a member is its path up to
 * the first dot of its file name, its field the rest ({@code n01/img_12.jpg}: key {@code
 * n01/img_12}, field {@code jpg}). Members of one sample must be adjacent, as WebDataset writes
 * them; a key seen again later is a duplicate. Labels are read here, once per shard.
 */
public final class ShardSamples {

    /** The largest label member read: a decimal integer with some whitespace. */
    private static final int MAX_LABEL_BYTES = 64;

    private ShardSamples() {}

    /**
     * Groups {@code members} of {@code shard} into samples, reading label members from {@code in}.
     *
     * @return the samples in archive order, bad ones carrying their problem
     * @throws IOException if the storage fails
     */
    public static List<ShardSample> group(String shard, List<TarMember> members, ByteRanges in)
            throws IOException {
        Map<String, List<TarMember>> byKey = new LinkedHashMap<>();
        Set<String> duplicates = new HashSet<>();
        String current = null;
        for (TarMember member : members) {
            String key = key(member.name());
            if (!key.equals(current) && byKey.containsKey(key)) {
                duplicates.add(key);
            }
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(member);
            current = key;
        }
        List<ShardSample> samples = new ArrayList<>(byKey.size());
        for (var entry : byKey.entrySet()) {
            String key = entry.getKey();
            samples.add(
                    duplicates.contains(key)
                            ? bad(shard, key, "duplicate key: its members are not adjacent")
                            : sample(shard, key, entry.getValue(), in));
        }
        return samples;
    }

    /** The key of a member name: the path up to the first dot of the file name. */
    static String key(String name) {
        int dot = name.indexOf('.', name.lastIndexOf('/') + 1);
        return dot < 0 ? name : name.substring(0, dot);
    }

    private static String field(String name) {
        int dot = name.indexOf('.', name.lastIndexOf('/') + 1);
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    private static ShardSample sample(
            String shard, String key, List<TarMember> members, ByteRanges in) throws IOException {
        Map<String, TarMember> fields = new LinkedHashMap<>();
        for (TarMember member : members) {
            if (member.problem() != null) {
                return bad(shard, key, "member " + member.name() + " " + member.problem());
            }
            String field = imageOrLabel(field(member.name()));
            if (fields.put(field, member) != null) {
                return bad(shard, key, "duplicate key: two '" + field + "' members");
            }
        }
        TarMember image = fields.get("image");
        TarMember label = fields.get("label");
        if (image == null || label == null) {
            return bad(
                    shard,
                    key,
                    "no "
                            + (image == null
                                    ? "image (jpg, jpeg, png, bmp, gif, wbmp)"
                                    : "label (cls, txt)")
                            + " member");
        }
        if (label.size() > MAX_LABEL_BYTES) {
            return bad(
                    shard, key, "label member " + label.name() + " has " + label.size() + " bytes");
        }
        String text =
                new String(in.read(label.offset(), (int) label.size()), StandardCharsets.UTF_8);
        try {
            long value = Long.parseLong(text.strip());
            return new ShardSample(shard, key, image, value, fields.get("json"), null);
        } catch (NumberFormatException e) {
            return bad(
                    shard,
                    key,
                    "label member " + label.name() + " is not an integer: " + text.strip());
        }
    }

    /** Folds the image extensions into "image" and the label ones into "label". */
    private static String imageOrLabel(String field) {
        return switch (field) {
            case "jpg", "jpeg", "png", "bmp", "gif", "wbmp" -> "image";
            case "cls", "txt" -> "label";
            default -> field;
        };
    }

    private static ShardSample bad(String shard, String key, String problem) {
        return new ShardSample(shard, key, null, 0, null, problem);
    }
}
