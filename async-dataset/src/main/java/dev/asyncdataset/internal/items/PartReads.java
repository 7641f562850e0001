package dev.asyncdataset.internal.items;

import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;

/**
 * Reads the part objects of a loose sample: one on the fetching thread, several concurrently, one
 * virtual thread each, so that a sample costs one round trip (the loader's fetch limit counts
 * samples, so a sample's parts are read beyond it). The first part to fail stops the others.
 */
public final class PartReads {

    /** Reads one part object. */
    @FunctionalInterface
    public interface PartReader {

        /**
         * Reads the object of a part.
         *
         * @param file the part's object key, relative to the source's location
         * @return its bytes
         * @throws Exception if it cannot be read
         */
        byte[] read(String file) throws Exception;
    }

    private final ThreadFactory partReads = new StageThreads().virtual(ThreadName.PART_READ);
    private final PartReader reader;

    /**
     * Reads parts with {@code reader}.
     *
     * @param reader reads one part object
     */
    public PartReads(PartReader reader) {
        this.reader = reader;
    }

    /**
     * Reads the parts of one sample.
     *
     * @param files each part's object key by part name
     * @return each part's bytes by part name
     * @throws Exception the failure of the first part that failed
     */
    public Map<String, byte[]> read(SortedMap<String, String> files) throws Exception {
        if (files.size() == 1) {
            return Map.of(files.firstKey(), reader.read(files.get(files.firstKey())));
        }
        try (ExecutorService reads = Executors.newThreadPerTaskExecutor(partReads)) {
            CompletionService<Map.Entry<String, byte[]>> done =
                    new ExecutorCompletionService<>(reads);
            files.forEach((part, file) -> done.submit(() -> Map.entry(part, reader.read(file))));
            try {
                Map<String, byte[]> parts = new HashMap<>();
                for (int i = 0; i < files.size(); i++) {
                    Map.Entry<String, byte[]> part = result(done.take());
                    parts.put(part.getKey(), part.getValue());
                }
                return parts;
            } finally {
                reads.shutdownNow();
            }
        }
    }

    private static <T> T result(Future<T> read) throws Exception {
        try {
            return read.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw (Exception) e.getCause();
        }
    }
}
