package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.pipeline.Loader;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.testing.BatchIndices;
import dev.asyncdataset.testing.Loaders;
import dev.asyncdataset.testing.Poll;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Several epochs of one dataset read at once, as DJL's loader allows: each delivers its whole
 * epoch, and epochs left with {@code break} stay bounded by the cap of live epochs, with no garbage
 * collection.
 */
class InterleavedEpochsTest extends CpuManagerTest {

    private static final int ITEMS = 64;
    private static final int BATCH = 2;
    private static final int WORKERS = 1;
    private static final int DECODE_THREADS = 1;
    private static final int STAGING = 2;
    private static final int CAP = ConcurrentDatasetBuilder.DEFAULT_MAX_LIVE_EPOCHS;

    private NDManager trainer;

    @BeforeEach
    void openTrainer() throws InterruptedException {
        Poll.until("the loaders of earlier tests released", Loaders::releasedAfterGc);
        trainer = manager.newSubManager();
    }

    @Test
    void anEvaluationEpochReadInsideATrainingEpochLeavesBothWhole() throws Exception {
        ConcurrentDataset dataset = inMemory();
        Iterator<Batch> training = iterate(dataset);
        List<List<Long>> trained = takeWithoutClosing(training, 8);
        List<Long> evaluated = BatchIndices.flat(BatchIndices.take(iterate(dataset), -1));
        trained.addAll(BatchIndices.take(training, -1));
        assertEquals(allItems(), evaluated);
        assertEquals(allItems(), BatchIndices.flat(trained));
    }

    @Test
    void asManyEpochsAsTheCapReadInTurnEachDeliverTheirWholeEpoch() throws Exception {
        ConcurrentDataset dataset = builder().optMaxLiveEpochs(3).build();
        List<Iterator<Batch>> epochs =
                List.of(iterate(dataset), iterate(dataset), iterate(dataset));
        List<List<List<Long>>> read =
                List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int batch = 0; batch < ITEMS / BATCH; batch++) {
            for (int epoch = 0; epoch < epochs.size(); epoch++) {
                read.get(epoch).addAll(takeWithoutClosing(epochs.get(epoch), 1));
            }
        }
        for (List<List<Long>> epoch : read) {
            assertEquals(allItems(), BatchIndices.flat(epoch));
        }
    }

    @Test
    void tenAbandonedEpochsStayWithinTheCapWhileATrainingEpochIsRead() throws Exception {
        ConcurrentDataset dataset = inMemory();
        int loadersBefore = Loader.open();
        int threadsBefore = StageThreads.live();
        Iterator<Batch> training = iterate(dataset);
        List<List<Long>> trained = new ArrayList<>();
        Iterator<Batch> firstAbandoned = null;
        Iterator<Batch> abandoned = null;
        for (int i = 0; i < 10; i++) {
            trained.addAll(takeWithoutClosing(training, 1));
            abandoned = iterate(dataset);
            abandoned.next().close();
            firstAbandoned = firstAbandoned == null ? abandoned : firstAbandoned;
            assertTrue(Loader.open() - loadersBefore <= CAP, "open loaders " + Loader.open());
            int threads = StageThreads.live() - threadsBefore;
            assertTrue(threads <= CAP * threadsOfOneEpoch(), "loader threads " + threads);
            int arrays = trainer.getManagedArrays().size();
            assertTrue(arrays <= CAP * STAGING * 2, "device arrays " + arrays);
        }
        trained.addAll(BatchIndices.take(training, -1));
        assertEquals(allItems(), BatchIndices.flat(trained), "the training epoch is whole");
        DataLoadingException e = assertThrows(DataLoadingException.class, firstAbandoned::hasNext);
        assertTrue(e.getMessage().contains(CAP + " live epochs"), e.getMessage());
        BatchIndices.close(abandoned);
        assertEquals(loadersBefore, Loader.open());
        assertEquals(threadsBefore, StageThreads.live());
        assertEquals(0, trainer.getManagedArrays().size());
    }

    /** The most loader threads of one running epoch: decode, staging, one fetch per item. */
    private static int threadsOfOneEpoch() {
        return DECODE_THREADS + 1 + WORKERS * BATCH;
    }

    private Iterator<Batch> iterate(ConcurrentDataset dataset) throws Exception {
        return dataset.getData(trainer).iterator();
    }

    private static List<List<Long>> takeWithoutClosing(Iterator<Batch> batches, int count) {
        List<List<Long>> taken = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try (Batch batch = batches.next()) {
                taken.add(batch.getIndices().stream().map(Long.class::cast).toList());
            }
        }
        return taken;
    }

    private static List<Long> allItems() {
        return LongStream.range(0, ITEMS).boxed().toList();
    }

    private ConcurrentDataset inMemory() {
        return builder().build();
    }

    private ConcurrentDatasetBuilder builder() {
        return ConcurrentDataset.builder()
                .setData(manager.zeros(new Shape(ITEMS, 4)))
                .optLabels(manager.zeros(new Shape(ITEMS, 1)))
                .setSampling(BATCH, false)
                .optFetchers(WORKERS * BATCH)
                .optPrefetchNumber(WORKERS)
                .optDecodeThreads(DECODE_THREADS)
                .optStagingDepth(STAGING);
    }
}
