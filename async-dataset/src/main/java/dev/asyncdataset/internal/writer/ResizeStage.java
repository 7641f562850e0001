package dev.asyncdataset.internal.writer;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import dev.asyncdataset.sample.Sample;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The shard writer's re-encoding stage: the JPEG parts ({@code jpg}, {@code jpeg}) of each sample
 * go through an {@link ImageResize} on platform threads {@code shard-write-resize}, one per core
 * (decoding and encoding are CPU work, kept off the virtual threads that fetch); other parts, PNG
 * masks among them, are kept as they are. Without settings it hands samples on unchanged and starts
 * no thread. Each thread hands its decode buffers on when it ends; closing the stage stops them.
 */
public final class ResizeStage implements AutoCloseable {

    /** The parts that are re-encoded: those a JPEG is stored under. */
    static final Set<String> JPEG_PARTS = Set.of("jpg", "jpeg");

    private static final long STOP_MILLIS = 10_000;

    private final ImageResize resize;
    private final StageThreads threads = new StageThreads();
    private final ExecutorService pool;

    /**
     * @param resize the settings, or null to store images as they come
     */
    public ResizeStage(ImageResize resize) {
        this.resize = resize;
        int cores = Runtime.getRuntime().availableProcessors();
        this.pool =
                resize == null
                        ? null
                        : Executors.newFixedThreadPool(
                                cores,
                                threads.platform(
                                        ThreadName.SHARD_WRITE_RESIZE,
                                        ImageDecoder::releaseThreadBuffers));
    }

    /**
     * Returns {@code sample} with its JPEG parts re-encoded on the stage's threads; the calling
     * thread waits, interruptibly.
     *
     * @throws BadItemException if an image cannot be decoded, naming its member
     * @throws InterruptedIOException if the calling thread is interrupted
     */
    public Sample apply(Sample sample) throws IOException {
        if (pool == null) {
            return sample;
        }
        Future<Sample> done = pool.submit(() -> resized(sample));
        try {
            return done.get();
        } catch (InterruptedException e) {
            done.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted re-encoding " + sample.key());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot re-encode " + sample.key(), e.getCause());
        }
    }

    private Sample resized(Sample sample) throws BadItemException {
        Map<String, byte[]> parts = new LinkedHashMap<>();
        for (String part : sample.partNames()) {
            byte[] bytes = sample.bytes(part);
            boolean jpeg = JPEG_PARTS.contains(part);
            parts.put(part, jpeg ? resize.apply(bytes, sample.member(part)) : bytes);
        }
        return new Sample(sample.key(), parts);
    }

    /** Stops the threads, waiting for them to end. */
    @Override
    public void close() {
        if (pool == null) {
            return;
        }
        pool.shutdownNow();
        pool.close();
        try {
            threads.joinAll(STOP_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
