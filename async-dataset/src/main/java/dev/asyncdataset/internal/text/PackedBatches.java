package dev.asyncdataset.internal.text;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Batchifier;
import dev.asyncdataset.epoch.IterationState;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One packed epoch: the document batches of the token loader, in order, cut into windows of {@code
 * seqLen + 1} tokens; each batch holds up to {@code batchSize} windows as an int64 {@code (n,
 * seqLen)} input and the same shifted by one as its label. After each batch the point the next one
 * starts from goes to {@code states}. The tail of the epoch too short for a window is logged, not
 * packed. Closing it closes the documents' epoch, which frees what its loader holds.
 */
public final class PackedBatches implements Iterator<Batch>, AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(PackedBatches.class);

    private final Iterator<Batch> documents;
    private final Supplier<IterationState> documentState;
    private final Consumer<IterationState> states;
    private final NDManager manager;
    private final int batchSize;
    private final int seqLen;
    private final TokenWindows windows;
    private long progress;
    private long progressTotal;

    /**
     * An epoch packed from {@code documents}, whose loader's state {@code documentState} gives.
     *
     * @param documents the token batches, as {@link TokenBatchifier} makes them
     * @param documentState the documents' loader state, read before each document batch
     * @param states takes the state after each packed batch
     * @param manager the trainer's manager, of which each batch gets a sub-manager
     * @param batchSize the windows of a batch
     * @param seqLen the input length of a window
     * @param skip the epoch's first tokens to leave out, to resume
     */
    public PackedBatches(
            Iterator<Batch> documents,
            Supplier<IterationState> documentState,
            Consumer<IterationState> states,
            NDManager manager,
            int batchSize,
            int seqLen,
            long skip) {
        this.documents = documents;
        this.documentState = documentState;
        this.states = states;
        this.manager = manager;
        this.batchSize = batchSize;
        this.seqLen = seqLen;
        this.windows = new TokenWindows(seqLen + 1, skip);
    }

    @Override
    public boolean hasNext() {
        while (windows.windows() < batchSize && documents.hasNext()) {
            IterationState before = documentState.get();
            try (Batch batch = documents.next()) {
                progress = batch.getProgress();
                progressTotal = batch.getProgressTotal();
                NDList data = batch.getData();
                windows.add(before, data.isEmpty() ? new long[0] : data.get(0).toLongArray());
            }
        }
        if (windows.windows() == 0 && windows.available() > 0 && !documents.hasNext()) {
            logger.info(
                    "packed epoch ends with {} tokens, fewer than a window of {}: not packed",
                    windows.available(),
                    seqLen + 1);
            windows.dropRest();
        }
        return windows.windows() > 0;
    }

    @Override
    public Batch next() {
        if (!hasNext()) {
            throw new NoSuchElementException("the packed epoch is over");
        }
        int n = (int) Math.min(batchSize, windows.windows());
        long[] inputs = new long[n * seqLen];
        long[] labels = new long[n * seqLen];
        for (int row = 0; row < n; row++) {
            long[] window = windows.take();
            System.arraycopy(window, 0, inputs, row * seqLen, seqLen);
            System.arraycopy(window, 1, labels, row * seqLen, seqLen);
        }
        IterationState start = windows.startBatch();
        states.accept(
                start == null ? at(documentState.get(), 0) : at(start, windows.startOffset()));
        NDManager owner = manager.newSubManager();
        Shape shape = new Shape(n, seqLen);
        return new Batch(
                owner,
                new NDList(owner.create(inputs, shape)),
                new NDList(owner.create(labels, shape)),
                n,
                Batchifier.STACK,
                Batchifier.STACK,
                progress,
                progressTotal);
    }

    /**
     * Returns the documents' state {@code documents} with {@code tokens} of its batch packed.
     *
     * @param documents the documents' loader state
     * @param tokens the tokens of the batch already packed
     * @return the packed state
     */
    public static IterationState at(IterationState documents, long tokens) {
        return new IterationState(
                documents.seed(),
                documents.epoch(),
                documents.batches(),
                documents.samples(),
                documents.partitions(),
                tokens);
    }

    /** Closes the documents' epoch, if it can be closed, and with it its loader. */
    @Override
    public void close() {
        closeEpoch(documents);
    }

    /** Closes {@code documents}, a loader's epoch, if it can be closed. */
    static void closeEpoch(Iterator<Batch> documents) {
        if (documents instanceof AutoCloseable epoch) {
            try {
                epoch.close();
            } catch (Exception e) {
                throw new IllegalStateException("the documents' epoch did not close", e);
            }
        }
    }
}
