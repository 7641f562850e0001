package dev.asyncdataset.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A batch staged on the CPU ties its block to the trainer's batch manager, which the trainer's
 * manager closes whenever the trainer closes it: the block comes back to the pool exactly once
 * wherever that close falls among the staging thread's steps, including between creating the
 * batch's manager and tying the block to it (the staging thread then fails the epoch). Generated:
 * the trainer's manager closes before each step and after the last.
 */
class KeptBlockReturnTest {

    private static final int ROWS = 2;
    private static final Shape ROW = new Shape(4, 4, 3);
    private static final int STEPS = 2;

    static IntStream closeBeforeStep() {
        return IntStream.rangeClosed(0, STEPS);
    }

    @ParameterizedTest(name = "the trainer's manager closes before step {0}")
    @MethodSource("closeBeforeStep")
    void theBlockComesBackExactlyOnceWhereverTheTrainersManagerCloses(int closeBefore) {
        HostBuffers pool = new HostBuffers();
        HostBuffers.Block block = pool.take(ROWS, ROW, DataType.UINT8);
        pool.giveBack(block);
        RowAssembly assembly = new RowAssembly(null, pool, ROW, null, null, null);
        try (NDManager host = NDManager.newBaseManager(Device.cpu())) {
            NDManager trainer = NDManager.newBaseManager(Device.cpu());
            NDManager batchHost = host.newSubManager();
            PendingBatch batch =
                    new PendingBatch(0, List.of(0L, 1L), batchHost, assembly.lend(ROWS, batchHost));
            NDManager batchManager = trainer.newSubManager(Device.cpu());
            closeIfAt(0, closeBefore, trainer);
            if (closeBefore == 0) {
                assertThrows(
                        IllegalStateException.class,
                        () -> assembly.staged(batch, batchManager, Device.cpu()));
            } else {
                assembly.staged(batch, batchManager, Device.cpu());
            }
            closeIfAt(1, closeBefore, trainer);
            batch.manager.close();
            closeIfAt(2, closeBefore, trainer);
        }
        assertSame(block, pool.take(ROWS, ROW, DataType.UINT8), "the block did not come back");
        assertNotSame(block, pool.take(ROWS, ROW, DataType.UINT8), "the block came back twice");
    }

    private static void closeIfAt(int step, int closeBefore, NDManager trainer) {
        if (step == closeBefore) {
            trainer.close();
        }
    }
}
