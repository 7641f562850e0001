package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One epoch of loading: wires the stages ({@link #start}, in the order a batch goes through them),
 * runs the staging thread, and owns the threads and host arrays until {@link #close()}. The host
 * arrays live in a manager of the loader's own, not under the trainer's: the trainer may close its
 * manager at any time, and the decode threads must not see their arrays freed under them. When that
 * happens the staging thread stops and the loader closes itself.
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
    private final BatchWindow window;
    private final DeviceStager stager;
    private final HandOverSlots slots;
    private final TrainerManager trainer;
    private final Thread staging;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Loader(
            NDManager host,
            StageThreads threads,
            FetchStage fetch,
            DecodeStage decode,
            BatchWindow window,
            DeviceStager stager,
            HandOverSlots slots,
            TrainerManager trainer) {
        this.host = host;
        this.threads = threads;
        this.fetch = fetch;
        this.decode = decode;
        this.window = window;
        this.stager = stager;
        this.slots = slots;
        this.trainer = trainer;
        this.staging = threads.platform(ThreadName.STAGER).newThread(this::runStaging);
    }

    /**
     * Starts loading one epoch.
     *
     * @param spec the loader's configuration
     * @param manager the manager given to {@code getData}; batches are created under it
     * @param sample the sampler's iterator for this epoch
     * @param total the dataset size, reported as DJL's progress total
     * @param consumed the items of the epoch delivered before a restart, where progress starts
     * @param stats the epoch's counters, which also give the epoch number
     * @return the running loader
     */
    public static Loader start(
            LoaderSpec spec,
            NDManager manager,
            Iterator<List<Long>> sample,
            long total,
            long consumed,
            StatsCounter stats) {
        NDManager host = manager.getEngine().newBaseManager(Device.cpu());
        host.setName("async-dataset host");
        OPEN.incrementAndGet();
        StageThreads threads = new StageThreads();
        TrainerManager trainer = new TrainerManager(manager);
        ItemFailures failures = new ItemFailures(spec.source(), spec.skipBadItems(), stats);
        Concurrency concurrency = spec.concurrency();
        Pipelines pipelines = spec.pipelines();
        Device device = spec.device() != null ? spec.device() : trainer.device();
        BatchAssembly assembly = BatchAssembly.of(spec, device);
        stats.assembly(assembly);
        stats.sources(spec.origins().counters());
        FetchLimit limit =
                new FetchLimit(
                        concurrency.autoFetchers(),
                        concurrency.fetchers(),
                        INITIAL_FETCHERS,
                        concurrency.decodeThreads(),
                        stats.fetchLimit);
        Collator collator =
                new Collator(assembly, pipelines.batch(), pipelines.target(), stats.epoch);
        LoaderEvents.ItemNames names = spec.itemNames();
        DecodeStage decode =
                new DecodeStage(
                        threads,
                        concurrency.decodeThreads(),
                        spec.source(),
                        names,
                        assembly,
                        collator,
                        spec.seed(),
                        limit,
                        failures,
                        stats);
        FetchStage fetch =
                new FetchStage(
                        threads,
                        spec.source(),
                        names,
                        limit,
                        decode,
                        failures,
                        stats,
                        concurrency.fetchMode(),
                        spec.gather());
        BatchPlanner planner = new BatchPlanner(sample, host, assembly);
        BatchWindow window =
                new BatchWindow(
                        planner,
                        fetch,
                        limit,
                        concurrency.workers(),
                        concurrency.inOrder(),
                        trainer,
                        stats);
        HandOverSlots slots = new HandOverSlots(concurrency.stagingDepth(), stats.ready);
        DeviceStager stager =
                new DeviceStager(
                        slots,
                        collator,
                        trainer,
                        device,
                        assembly,
                        pipelines.data(),
                        pipelines.labels(),
                        consumed,
                        total,
                        stats.epoch,
                        spec.origins()::batchIndex);
        Loader loader = new Loader(host, threads, fetch, decode, window, stager, slots, trainer);
        loader.staging.start();
        return loader;
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
     * Takes the next batch in the order the batch window gives them, waiting for it if needed.
     *
     * @return the next batch, or {@code null} at the end of the epoch
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    public Batch take() throws InterruptedException {
        return slots.take();
    }

    /**
     * The staging thread: stages every batch, then stops the fetch and decode stages. If it stopped
     * because the trainer's manager was closed, the trainer may never come back to close this
     * loader, so a short-lived thread does (not this one, which {@link #close()} waits for).
     */
    private void runStaging() {
        try {
            stager.stageAll(window);
        } finally {
            fetch.stop();
            decode.stop();
        }
        if (!trainer.isOpen()) {
            new StageThreads().platform(ThreadName.CLOSER).newThread(this::close).start();
        }
    }

    /**
     * Stops every stage, waits (bounded) for their threads, and frees all arrays not handed out.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        staging.interrupt();
        fetch.stop();
        decode.stop();
        boolean interrupted = Thread.interrupted();
        try {
            awaitStopped();
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            slots.drain();
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
