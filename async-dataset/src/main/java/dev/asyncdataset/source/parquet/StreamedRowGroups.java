package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The decoded row groups of one streamed epoch: each decoded by the first fetch of one of its rows
 * (the others wait for it, as in {@link RowGroupCache}), its pages decompressed into arrays of the
 * source's {@link PageBuffers}, and kept until the last of the epoch's rows of it is done with
 * ({@link #done}): then dropped, and its arrays given back. So the epoch holds the row groups whose
 * rows are in flight, not a cache's worth.
 *
 * @param <T> what the source keeps of a decoded row group
 */
final class StreamedRowGroups<T> implements AutoCloseable {

    /** Decodes one row group, its pages into arrays of {@code pages}. */
    @FunctionalInterface
    interface Reader<T> {
        T read(int group, PageBuffers.Lease pages) throws IOException;
    }

    private final RowGroupCache<T> decoded = new RowGroupCache<>(rows -> 0, Long.MAX_VALUE);
    private final PageBuffers pool;

    @GuardedBy("this")
    private final int[] left;

    @GuardedBy("this")
    private final Map<Integer, PageBuffers.Lease> leases = new HashMap<>();

    /**
     * @param pool the source's page arrays
     * @param rows how many rows of each row group the epoch fetches
     */
    StreamedRowGroups(PageBuffers pool, int[] rows) {
        this.pool = pool;
        this.left = rows.clone();
    }

    /**
     * Returns row group {@code group}, decoding it with {@code reader} if no other fetch has or is.
     *
     * @throws IOException the row group's decoding failure
     * @throws InterruptedException if interrupted while waiting for another fetch's decoding
     */
    T get(int group, Reader<T> reader) throws IOException, InterruptedException {
        return decoded.get(group, g -> decode(g, reader));
    }

    private T decode(int group, Reader<T> reader) throws IOException {
        PageBuffers.Lease pages = pool.lease();
        synchronized (this) {
            leases.put(group, pages);
        }
        try {
            return reader.read(group, pages);
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                leases.remove(group, pages);
            }
            pages.giveBack();
            throw e;
        }
    }

    /**
     * Counts one of the epoch's rows of {@code group} as done with: its value released, or its
     * fetch failed. After the last one, the row group is dropped and its arrays given back.
     */
    void done(int group) {
        PageBuffers.Lease pages;
        synchronized (this) {
            if (--left[group] > 0) {
                return;
            }
            pages = leases.remove(group);
        }
        decoded.remove(group);
        if (pages != null) {
            pages.giveBack();
        }
    }

    /**
     * Ends the epoch: the arrays of row groups not done with are left to the garbage collector, as
     * a decode may still read them.
     */
    @Override
    public void close() {
        synchronized (this) {
            leases.values().forEach(PageBuffers.Lease::forget);
            leases.clear();
        }
    }
}
