package dev.asyncdataset.internal.writer;

import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.internal.tar.TarWriter;
import dev.asyncdataset.store.ObjectOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One shard being written to a {@link ShardDestination}: a tar streamed into an {@link
 * ObjectOutput} that becomes visible whole when committed, followed by its sidecar index (every
 * member of every sample, with its CRC32C), so that readers never see a partial shard nor an index
 * without its shard.
 */
public final class ShardOutput implements AutoCloseable {

    private final ShardDestination destination;
    private final String name;
    private final ObjectOutput pending;
    private final TarWriter tar;
    private final List<ShardSample> samples = new ArrayList<>();
    private final ImageResize resized;

    /**
     * Starts writing shard {@code name}, whose images {@code resized} re-encoded (recorded in its
     * index; null: stored as they came), to {@code destination}, invisible until committed.
     */
    public ShardOutput(ShardDestination destination, String name, ImageResize resized)
            throws IOException {
        this.destination = destination;
        this.name = name;
        this.resized = resized;
        this.pending = destination.create(name);
        this.tar = new TarWriter(pending.stream());
    }

    /**
     * Appends a sample: each part under {@code key.part}, in the map's order, adjacent.
     *
     * @throws IllegalArgumentException if a member name would not read back as this key and part
     */
    public void add(String key, Map<String, byte[]> parts) throws IOException {
        Map<String, TarMember> members = new HashMap<>();
        for (Map.Entry<String, byte[]> part : parts.entrySet()) {
            String member = key + "." + part.getKey();
            ShardSample.checkName(member, key, part.getKey());
            members.put(part.getKey(), tar.add(member, part.getValue()));
        }
        samples.add(new ShardSample(name, key, members, label(parts), null));
    }

    /** The label a reader of the shard's headers would find: {@code cls}, else {@code txt}. */
    private static Long label(Map<String, byte[]> parts) {
        byte[] label = parts.containsKey("cls") ? parts.get("cls") : parts.get("txt");
        return label == null ? null : ShardSample.labelOf(label);
    }

    /** The bytes the shard holds so far. */
    public long bytes() {
        return tar.position();
    }

    /** Ends the archive and makes it visible, then writes its index. */
    public void commit() throws IOException {
        tar.finish();
        pending.commit();
        String index = ShardIndexFile.format(tar.position(), samples, resized);
        destination.put(name + ShardIndexFile.SUFFIX, index.getBytes(StandardCharsets.UTF_8));
    }

    /** Drops an uncommitted shard (its temporary file or unfinished upload). */
    @Override
    public void close() throws IOException {
        pending.close();
    }
}
