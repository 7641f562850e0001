package dev.asyncdataset.internal;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.DataLoadingException;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One epoch of loading: wires the stages and owns their threads and host arrays until {@link
 * #close()}.
 *
 * <pre>
 *  sampler -> BatchPlanner -> FetchStage -> DecodeStage -> Collator -> Stager -> StagingRing -> trainer
 * </pre>
 */
public final class Loader implements AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(Loader.class);
    private static final long STOP_MILLIS = 10_000;

    private final NDManager host;
    private final StageThreads threads;
    private final FetchStage fetch;
    private final DecodeStage decode;
    private final StagingRing ring;
    private final Thread stager;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Loader(NDManager host, StageThreads threads, FetchStage fetch, DecodeStage decode,
            StagingRing ring, Thread stager) {
        this.host = host;
        this.threads = threads;
        this.fetch = fetch;
        this.decode = decode;
        this.ring = ring;
        this.stager = stager;
    }

    /**
     * Starts loading one epoch.
     *
     * @param spec the loader's configuration
     * @param trainer the manager given to {@code getData}; batches are created under it
     * @param sample the sampler's iterator for this epoch
     * @param total the dataset size, reported as DJL's progress total
     * @param stats the epoch's counters, which also give the epoch number
     * @return the running loader
     */
    public static Loader start(LoaderSpec spec, NDManager trainer, Iterator<List<Long>> sample,
            long total, StatsCounter stats) {
        NDManager host = trainer.newSubManager(Device.cpu());
        host.setName("async-dataset host");
        StageThreads threads = new StageThreads();
        ItemFailures failures = new ItemFailures(spec.source(), spec.badItemPolicy(), stats);
        DecodeStage decode = new DecodeStage(spec, threads, failures, stats);
        FetchStage fetch = new FetchStage(spec, threads, decode, failures, stats);
        BatchPlanner planner = new BatchPlanner(sample, host, new Collator(spec));
        StagingRing ring = new StagingRing(spec.stagingDepth(), stats.ready);
        Stager stage = new Stager(spec, planner, fetch, decode, ring, trainer, total, stats);
        Thread stager = threads.platform("stager").newThread(stage);
        stager.start();
        return new Loader(host, threads, fetch, decode, ring, stager);
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

    /** Stops every stage, waits (bounded) for their threads, and frees all arrays not handed out. */
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
