package dev.asyncdataset.internal.tar;

import dev.asyncdataset.internal.io.ByteRanges;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Groups the members of a tar shard into WebDataset samples: the key of a member is its path up to
 * the first dot of its file name, its part name the rest, lower-cased ({@code n01/img_12.jpg}: key
 * {@code n01/img_12}, part {@code jpg}). Members of one sample must be adjacent, as WebDataset
 * writes them; a key seen again later is a duplicate. Labels ({@code cls}, else {@code txt}) are
 * read here, once per shard.
 */
public final class ShardSamples {

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
                            ? ShardSample.bad(
                                    shard, key, "duplicate key: its members are not adjacent")
                            : sample(shard, key, entry.getValue(), in));
        }
        return samples;
    }

    /** The key of a member name: the path up to the first dot of the file name. */
    static String key(String name) {
        int dot = name.indexOf('.', name.lastIndexOf('/') + 1);
        return dot < 0 ? name : name.substring(0, dot);
    }

    /**
     * The part name of a member name: what follows the key's dot, lower-cased; empty if none.
     * Interned: a few distinct names are shared by every sample the source keeps.
     */
    static String part(String name) {
        int dot = name.indexOf('.', name.lastIndexOf('/') + 1);
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT).intern();
    }

    private static ShardSample sample(
            String shard, String key, List<TarMember> members, ByteRanges in) throws IOException {
        Map<String, TarMember> parts = new HashMap<>();
        for (TarMember member : members) {
            if (member.problem() != null) {
                return ShardSample.bad(
                        shard, key, "member " + member.name() + " " + member.problem());
            }
            String part = part(member.name());
            if (!part.isEmpty() && parts.put(part, member) != null) {
                return ShardSample.bad(shard, key, "duplicate key: two '" + part + "' members");
            }
        }
        TarMember label = parts.containsKey("cls") ? parts.get("cls") : parts.get("txt");
        Long value = null;
        if (label != null && label.size() <= ShardSample.MAX_LABEL_BYTES) {
            value = ShardSample.labelOf(in.read(label.offset(), (int) label.size()));
        }
        return new ShardSample(shard, key, parts, value, null);
    }
}
