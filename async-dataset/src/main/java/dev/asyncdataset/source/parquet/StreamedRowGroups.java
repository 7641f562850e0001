package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The decoded row groups of one streamed epoch: each decoded as its load ends ({@link #load}), its
 * pages decompressed into arrays of the source's {@link PageBuffers}, and kept until the last of
 * the epoch's rows of it is done with ({@link #released}, {@link #failed}): then dropped, and its
 * arrays given back. So the epoch holds the row groups whose rows are in flight, not a cache's
 * worth. An epoch that ends before its last rows ({@link #close}) gives back the arrays of each row
 * group once no row of it is held: at once, or at the release of the last row handed out; a fetch
 * that comes after the end gets no row.
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
    private final int[] held;

    @GuardedBy("this")
    private final Set<Integer> decodedGroups = new HashSet<>();

    @GuardedBy("this")
    private boolean closed;

    @GuardedBy("this")
    private final Map<Integer, PageBuffers.Lease> leases = new HashMap<>();

    /**
     * @param pool the source's page arrays
     * @param rows how many rows of each row group the epoch fetches
     */
    StreamedRowGroups(PageBuffers pool, int[] rows) {
        this.pool = pool;
        this.left = rows.clone();
        this.held = new int[rows.length];
    }

    /**
     * Decodes row group {@code group} with {@code reader}, for the fetches of its rows, holding
     * none of them.
     *
     * @throws IOException the row group's decoding failure
     * @throws InterruptedException if interrupted while waiting for another decoding of it
     */
    void load(int group, Reader<T> reader) throws IOException, InterruptedException {
        decoded.get(group, g -> decode(g, reader));
    }

    /**
     * Returns row group {@code group}, decoded by {@link #load}; one of its rows is held from then
     * until {@link #released}.
     *
     * @throws IOException if it was not decoded
     * @throws InterruptedException if interrupted while waiting for its decoding
     * @throws IllegalStateException if the epoch ended
     */
    T get(int group) throws IOException, InterruptedException {
        T rows =
                decoded.get(
                        group,
                        g -> {
                            throw new IOException("row group " + g + " was not decoded");
                        });
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the epoch's row groups were closed");
            }
            held[group]++;
        }
        return rows;
    }

    private T decode(int group, Reader<T> reader) throws IOException {
        PageBuffers.Lease pages = pool.lease();
        synchronized (this) {
            leases.put(group, pages);
        }
        try {
            T rows = reader.read(group, pages);
            synchronized (this) {
                if (!closed) {
                    decodedGroups.add(group);
                    return rows;
                }
                leases.remove(group, pages);
            }
            pages.giveBack();
            return rows;
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                leases.remove(group, pages);
            }
            pages.giveBack();
            throw e;
        }
    }

    /**
     * Counts a row of {@code group} that {@link #get} gave as done with: nothing reads it any more.
     * After the epoch's last row of it, the row group is dropped and its arrays given back.
     */
    void released(int group) {
        done(group, 1);
    }

    /**
     * Counts a row of {@code group} whose fetch failed before {@link #get} gave it, as done with.
     */
    void failed(int group) {
        done(group, 0);
    }

    private void done(int group, int heldRows) {
        PageBuffers.Lease pages;
        synchronized (this) {
            held[group] -= heldRows;
            if (--left[group] > 0 && !(closed && held[group] == 0)) {
                return;
            }
            pages = decodedGroups.remove(group) ? leases.remove(group) : null;
        }
        decoded.remove(group);
        if (pages != null) {
            pages.giveBack();
        }
    }

    /**
     * Ends the epoch: gives back the arrays of each decoded row group none of whose rows is held;
     * the others go back at the release of their last row held.
     */
    @Override
    public void close() {
        List<PageBuffers.Lease> idle = new ArrayList<>();
        synchronized (this) {
            closed = true;
            for (int group : List.copyOf(decodedGroups)) {
                if (held[group] == 0) {
                    decodedGroups.remove(group);
                    idle.add(leases.remove(group));
                }
            }
        }
        idle.forEach(PageBuffers.Lease::giveBack);
    }
}
