package dev.asyncdataset.it;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.source.ItemSource;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads items of an {@link ItemSource} the way the loader's stages do (fetch on virtual threads,
 * all at once, then decode), for tests that exercise a source without the loader.
 */
final class SourceEpoch {

    private SourceEpoch() {}

    /**
     * Fetches {@code indices} concurrently, one virtual thread each; returns bytes in index order,
     * each copied out of the fetched body, which goes back to the source.
     */
    static List<byte[]> fetch(ItemSource<ByteBuffer> source, NDManager manager, List<Long> indices)
            throws Exception {
        try (ExecutorService fetchers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<byte[]>> pending = new ArrayList<>();
            for (long index : indices) {
                pending.add(
                        fetchers.submit(() -> copy(source, index, source.fetch(manager, index))));
            }
            List<byte[]> fetched = new ArrayList<>();
            for (Future<byte[]> item : pending) {
                fetched.add(item.get());
            }
            return fetched;
        }
    }

    private static byte[] copy(ItemSource<ByteBuffer> source, long index, ByteBuffer body) {
        byte[] bytes = new byte[body.remaining()];
        body.get(body.position(), bytes);
        source.release(index, body);
        return bytes;
    }

    /** Fetches all items concurrently and decodes them; returns records in index order. */
    static List<Record> all(ItemSource<ByteBuffer> source, NDManager manager) throws Exception {
        List<Long> indices = new ArrayList<>();
        for (long i = 0; i < source.size(); i++) {
            indices.add(i);
        }
        List<byte[]> fetched = fetch(source, manager, indices);
        List<Record> records = new ArrayList<>();
        for (long i = 0; i < source.size(); i++) {
            records.add(source.decode(manager, i, ByteBuffer.wrap(fetched.get((int) i))));
        }
        return records;
    }

    /** Runs one epoch of {@code dataset}, closing each batch; returns the items delivered. */
    static int drain(ConcurrentDataset dataset, NDManager manager) throws Exception {
        int items = 0;
        for (Batch batch : dataset.getData(manager)) {
            items += batch.getSize();
            batch.close();
        }
        return items;
    }

    /** Fetches and decodes one item, unwrapping the failure of a concurrent fetch. */
    static Record one(ItemSource<ByteBuffer> source, NDManager manager, long index)
            throws Throwable {
        try {
            byte[] bytes = fetch(source, manager, List.of(index)).get(0);
            return source.decode(manager, index, ByteBuffer.wrap(bytes));
        } catch (ExecutionException e) {
            throw e.getCause();
        }
    }
}
