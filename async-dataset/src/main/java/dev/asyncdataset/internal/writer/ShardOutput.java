package dev.asyncdataset.internal.writer;

import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.internal.tar.TarWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One shard being written to a {@link ShardDestination}: a tar streamed into a pending object that
 * becomes visible whole when committed, followed by its sidecar index, so that readers never see a
 * partial shard nor an index without its shard.
 */
public final class ShardOutput implements AutoCloseable {

    private final ShardDestination destination;
    private final String name;
    private final ShardDestination.Pending pending;
    private final TarWriter tar;
    private final List<ShardSample> samples = new ArrayList<>();

    /** Starts writing shard {@code name} to {@code destination}, invisible until committed. */
    public ShardOutput(ShardDestination destination, String name) throws IOException {
        this.destination = destination;
        this.name = name;
        this.pending = destination.create(name);
        this.tar = new TarWriter(pending.stream());
    }

    /**
     * Appends a sample: its image under {@code key.extension} and its label under {@code key.cls}.
     */
    public void add(String key, String extension, byte[] image, long label) throws IOException {
        TarMember member = tar.add(key + "." + extension, image);
        tar.add(key + ".cls", Long.toString(label).getBytes(StandardCharsets.US_ASCII));
        samples.add(new ShardSample(name, key, member, label, null, null));
    }

    /** The bytes the shard holds so far. */
    public long bytes() {
        return tar.position();
    }

    /** Ends the archive and makes it visible, then writes its index. */
    public void commit() throws IOException {
        tar.finish();
        pending.commit();
        String index = ShardIndexFile.format(tar.position(), samples);
        destination.put(name + ShardIndexFile.SUFFIX, index.getBytes(StandardCharsets.UTF_8));
    }

    /** Drops an uncommitted shard (its temporary file or unfinished upload). */
    @Override
    public void close() throws IOException {
        pending.abort();
    }
}
