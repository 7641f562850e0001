package dev.asyncdataset.internal.text;

import ai.djl.training.dataset.Batch;
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

    /**
     * An epoch of {@code documents}, whose rows {@code rows} makes.
     *
     * @param maxLength the longest row, for the log line
     */
    public PaddedBatches(Iterator<Batch> documents, PaddedBatchifier rows, int maxLength) {
        this.documents = documents;
        this.rows = rows;
        this.maxLength = maxLength;
        this.cutBefore = rows.documentsCut();
        this.tokensBefore = rows.tokensCut();
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
