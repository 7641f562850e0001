package dev.asyncdataset.internal;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One epoch of loading: wires the stages and owns their threads and host arrays until {@link
 * #close()}. The host arrays live in a manager of the loader's own, not under the trainer's: the
 * trainer may close its manager at any time, and the decode threads must not see their arrays freed
 * under them. When that happens the stager stops and the loader closes itself.
 *
 * <pre>
 *  sampler -> BatchPlanner -> FetchStage -> DecodeStage -> Collator -> Stager -> StagingRing -> trainer
 * </pre>
 */
public final class Loader implements AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(Loader.class);
    private static final long STOP_MILLIS = 10_000;
    private static final AtomicInteger OPEN = new AtomicInteger();
    private static final int INITIAL_FETCHERS = 64;

    private final NDManager host;
    private final StageThreads threads;
    private final FetchStage fetch;
    private final DecodeStage decode;
    private final StagingRing ring;
    private final Thread stager;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Loader(
            NDManager host,
            StageThreads threads,
            FetchStage fetch,
            DecodeStage decode,
            StagingRing ring,
            Stager stage,
            NDManager trainer) {
        this.host = host;
        this.threads = threads;
        this.fetch = fetch;
        this.decode = decode;
        this.ring = ring;
        this.stager = threads.platform("stager").newThread(() -> stage(stage, trainer));
    }

    /**
     * Starts loading one epoch.
     *
     * @param spec the loader's configuration
     * @param trainer the manager given to {@code getData}; batches are created under it
     * @param sample the sampler's iterator for this epoch
     * @param total the dataset size, reported as DJL's progress total
     * @param consumed the items of the epoch delivered before a restart, where progress starts
     * @param stats the epoch's counters, which also give the epoch number
     * @return the running loader
     */
    public static Loader start(
            LoaderSpec spec,
            NDManager trainer,
            Iterator<List<Long>> sample,
            long total,
            long consumed,
            StatsCounter stats) {
        MallocArenas.adviseOnce();
        NDManager host = trainer.getEngine().newBaseManager(Device.cpu());
        host.setName("async-dataset host");
        OPEN.incrementAndGet();
        StageThreads threads = new StageThreads();
        ItemFailures failures = new ItemFailures(spec.source(), spec.badItemPolicy(), stats);
        FetchLimit limit =
                new FetchLimit(
                        spec.autoFetchers(),
                        spec.fetchers(),
                        INITIAL_FETCHERS,
                        spec.decodeThreads(),
                        stats.fetchLimit);
        DecodeStage decode = new DecodeStage(spec, threads, limit, failures, stats);
        FetchStage fetch = new FetchStage(spec, threads, limit, decode, failures, stats);
        BatchPlanner planner = new BatchPlanner(sample, host, new Collator(spec));
        StagingRing ring = new StagingRing(spec.stagingDepth(), stats.ready);
        Stager stage =
                new Stager(
                        spec, planner, limit, fetch, decode, ring, trainer, consumed, total, stats);
        Loader loader = new Loader(host, threads, fetch, decode, ring, stage, trainer);
        loader.stager.start();
        return loader;
    }

    /**
     * Runs the stager. If it stopped because the trainer's manager was closed, the trainer may
     * never come back to close this loader, so a short-lived thread does (not the stager itself,
     * which {@link #close()} waits for).
     */
    private void stage(Stager stage, NDManager trainer) {
        stage.run();
        if (!trainer.isOpen()) {
            Thread.ofPlatform().name("async-dataset-closer").daemon().start(this::close);
        }
    }

    /**
     * Returns the number of loaders whose host arrays are not freed yet, in the whole process.
     *
     * @return the open loaders
     */
    public static int open() {
        return OPEN.get();
    }

    /**
     * Takes the next batch in sampler order, waiting for it if needed.
     *
     * @return the next batch, or {@code null} at the end of the epoch
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    public Batch take() throws InterruptedException {
        return ring.take();
    }

    /**
     * Stops every stage, waits (bounded) for their threads, and frees all arrays not handed out.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        stager.interrupt();
        fetch.stop();
        decode.stop();
        boolean interrupted = Thread.interrupted();
        try {
            awaitStopped();
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            ring.drain();
            host.close();
            OPEN.decrementAndGet();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void awaitStopped() throws InterruptedException {
        boolean stopped = fetch.awaitStopped(STOP_MILLIS) && decode.awaitStopped(STOP_MILLIS);
        if (!stopped || !threads.joinAll(STOP_MILLIS)) {
            logger.warn("loader threads still running {} ms after close", STOP_MILLIS);
        }
    }
}
