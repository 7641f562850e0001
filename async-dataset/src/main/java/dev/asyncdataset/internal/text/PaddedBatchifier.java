package dev.asyncdataset.internal.text;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tokenizes a batch of documents on the loader's collate stage into padded rows, as DJL's {@code
 * PaddingStackBatchifier} pads: each item's data is one array of its UTF-8 bytes (as {@code
 * SampleDecoder.text} gives), and the batch becomes an int64 {@code (n, L)} array of each
 * document's ids, cut to {@code maxLength} and padded with the padding id, and an int64 {@code (n,
 * L)} attention mask, 1 for a token and 0 for padding; {@code L} is {@code maxLength}, or the
 * batch's longest row. The documents cut and the tokens they lost are counted.
 */
public final class PaddedBatchifier implements TextBatchifier {

    private static final long serialVersionUID = 1L;

    private final transient TextTokenizer tokenizer;
    private final int maxLength;
    private final boolean toLongest;
    private final AtomicLong cut = new AtomicLong();
    private final AtomicLong tokensCut = new AtomicLong();

    private PaddedBatchifier(TextTokenizer tokenizer, int maxLength, boolean toLongest) {
        this.tokenizer = tokenizer;
        this.maxLength = maxLength;
        this.toLongest = toLongest;
    }

    /**
     * Reads the tokenizer at {@code location}, a {@code tokenizer.json}.
     *
     * @param location the tokenizer's path or URL
     * @param padding the token whose id pads a row
     * @param maxLength the longest row; longer documents are cut to it
     * @param toLongest whether a batch's rows are padded to its longest row, not to {@code
     *     maxLength}
     * @return the batchifier
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file if it does not parse or lacks the token
     * @throws IllegalStateException naming the dependency to add if the tokenizers are missing
     */
    public static PaddedBatchifier open(
            String location, String padding, int maxLength, boolean toLongest) throws IOException {
        return new PaddedBatchifier(
                TokenBatchifier.tokenizer(location, padding), maxLength, toLongest);
    }

    @Override
    public NDList batchify(NDList[] inputs) {
        if (inputs.length == 0 || inputs[0].isEmpty()) {
            return new NDList();
        }
        long[][] documents = tokenizer.encodeEach(TokenBatchifier.texts(inputs));
        int length = toLongest ? longest(documents) : maxLength;
        long[] ids = new long[documents.length * length];
        long[] mask = new long[ids.length];
        Arrays.fill(ids, tokenizer.endOfText());
        for (int row = 0; row < documents.length; row++) {
            int n = Math.min(documents[row].length, length);
            if (documents[row].length > maxLength) {
                cut.incrementAndGet();
                tokensCut.addAndGet(documents[row].length - maxLength);
            }
            System.arraycopy(documents[row], 0, ids, row * length, n);
            Arrays.fill(mask, row * length, row * length + n, 1);
        }
        NDManager manager = inputs[0].get(0).getManager();
        Shape shape = new Shape(documents.length, length);
        return new NDList(manager.create(ids, shape), manager.create(mask, shape));
    }

    private int longest(long[][] documents) {
        int longest = 1;
        for (long[] document : documents) {
            longest = Math.max(longest, Math.min(document.length, maxLength));
        }
        return longest;
    }

    /** Returns how many documents were cut to the longest row so far. */
    public long documentsCut() {
        return cut.get();
    }

    /** Returns how many tokens the documents cut lost so far. */
    public long tokensCut() {
        return tokensCut.get();
    }

    @Override
    public NDList[] unbatchify(NDList inputs) {
        throw new UnsupportedOperationException("padded token batches are not unbatchified");
    }

    /** Frees the native tokenizer. */
    @Override
    public void close() {
        tokenizer.close();
    }
}
