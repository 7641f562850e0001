package dev.asyncdataset.internal.text;

import ai.djl.training.dataset.Batch;
import ai.djl.translate.TranslateException;
import java.io.IOException;
import java.util.Iterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One padded epoch: the document batches of the token loader, as {@link PaddedBatchifier} made
 * them, handed on as they are; at its end, the documents the epoch cut to the longest row are
 * logged with the tokens they lost. Closing it closes the documents' epoch, which frees what its
 * loader holds.
 */
public final class PaddedBatches implements Iterator<Batch>, AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(PaddedBatches.class);

    private final Iterator<Batch> documents;
    private final PaddedBatchifier rows;
    private final int maxLength;
    private final long cutBefore;
    private final long tokensBefore;
    private boolean ended;

    /** Starts the documents' epoch, whose batches the loader begins to make at once. */
    @FunctionalInterface
    public interface DocumentEpoch {

        /**
         * Starts the epoch.
         *
         * @return its document batches
         * @throws IOException if the source cannot start one
         * @throws TranslateException if DJL's iteration fails
         */
        Iterator<Batch> start() throws IOException, TranslateException;
    }

    /**
     * Starts an epoch of documents, whose rows {@code rows} makes, counting the documents it cuts
     * from before its first batch is made.
     *
     * @param maxLength the longest row, for the log line
     * @throws IOException if the source cannot start the epoch
     * @throws TranslateException if DJL's iteration fails
     */
    public PaddedBatches(DocumentEpoch documents, PaddedBatchifier rows, int maxLength)
            throws IOException, TranslateException {
        this.rows = rows;
        this.maxLength = maxLength;
        this.cutBefore = rows.documentsCut();
        this.tokensBefore = rows.tokensCut();
        this.documents = documents.start();
    }

    @Override
    public boolean hasNext() {
        boolean more = documents.hasNext();
        if (!more && !ended) {
            ended = true;
            long cut = rows.documentsCut() - cutBefore;
            if (cut > 0) {
                logger.warn(
                        "padded epoch cut {} documents to {} tokens, leaving out {} tokens",
                        cut,
                        maxLength,
                        rows.tokensCut() - tokensBefore);
            }
        }
        return more;
    }

    @Override
    public Batch next() {
        return documents.next();
    }

    /** Closes the documents' epoch, if it can be closed, and with it its loader. */
    @Override
    public void close() {
        PackedBatches.closeEpoch(documents);
    }
}
