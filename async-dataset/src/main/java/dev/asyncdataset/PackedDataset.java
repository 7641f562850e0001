package dev.asyncdataset;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.translate.Batchifier;
import ai.djl.translate.TranslateException;
import ai.djl.util.Progress;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.internal.text.PackedBatches;
import dev.asyncdataset.internal.text.PaddedBatches;
import dev.asyncdataset.internal.text.PaddedBatchifier;
import dev.asyncdataset.internal.text.TextBatchifier;
import dev.asyncdataset.internal.text.TokenBatchifier;
import java.io.IOException;
import java.util.Iterator;
import java.util.Objects;

/**
 * Language-model batches packed from text documents: a {@link ConcurrentDataset} of documents (any
 * source whose decoder is {@link dev.asyncdataset.sample.SampleDecoder#text}) is tokenized a batch
 * of documents at a time on the loader's collate stage with DJL's Hugging Face tokenizer, the
 * documents are joined with the end-of-text id in the loader's order, and the stream is cut into
 * windows of {@code seqLen + 1} tokens: each batch holds up to {@code batchSize} windows as an
 * int64 {@code (n, seqLen)} input and the same shifted by one as its label. No padding: every token
 * of the epoch is in exactly one window, a document longer than a window running on into the next,
 * except the epoch's last tokens too short for a window, which are logged. Only an epoch's last
 * batch may hold fewer windows.
 *
 * <pre>{@code
 * ItemSource<Sample> texts = ParquetSource.builder()
 *         .setLocation("hf://datasets/org/name@main/train-*.parquet")
 *         .buildSamples(List.of("text"), SampleDecoder.text("text"));
 * PackedDataset dataset = PackedDataset.builder()
 *         .setDocuments(ConcurrentDataset.builder().setSource(texts).setSampling(64, true).optSeed(7))
 *         .setTokenizer("tokenizer.json")
 *         .setSequenceLength(512)
 *         .setBatchSize(16)
 *         .build();
 * }</pre>
 *
 * <p>Ranks ({@code optShard} on the documents' builder) read disjoint documents and pack them on
 * their own, so their window counts differ with their documents' lengths. A seeded run resumes
 * exactly from {@link #iterationState()}: see {@link IterationState}.
 *
 * <p>For classification or fine-tuning, {@link Builder#optPadded} makes padded batches instead, one
 * row per document, as DJL's {@code PaddingStackBatchifier} pads.
 */
public final class PackedDataset implements Dataset, AutoCloseable {

    private final ConcurrentDataset documents;
    private final TextBatchifier tokens;
    private final PaddedBatchifier padded;
    private final int batchSize;
    private final int seqLen;
    private long skip;
    private volatile IterationState state;
    private volatile Runnable closeEpoch = () -> {};

    private PackedDataset(Builder builder, ConcurrentDataset documents, TextBatchifier tokens) {
        this.documents = documents;
        this.tokens = tokens;
        this.padded = tokens instanceof PaddedBatchifier rows ? rows : null;
        this.batchSize = builder.batchSize;
        this.seqLen = builder.seqLen;
        this.state = builder.resume;
        this.skip = builder.resume == null ? 0 : builder.resume.tokens();
    }

    /**
     * Creates a builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Starts the next packed or padded epoch of the documents' next epoch. */
    @Override
    public Iterable<Batch> getData(NDManager manager) throws IOException, TranslateException {
        if (padded != null) {
            PaddedBatches rows =
                    new PaddedBatches(() -> documents.getData(manager).iterator(), padded, seqLen);
            closeEpoch = rows::close;
            return () -> rows;
        }
        Iterator<Batch> epoch = documents.getData(manager).iterator();
        long first = skip;
        skip = 0;
        state = PackedBatches.at(documents.iterationState(), first);
        PackedBatches packed =
                new PackedBatches(
                        epoch,
                        documents::iterationState,
                        next -> state = next,
                        manager,
                        batchSize,
                        seqLen,
                        first);
        closeEpoch = packed::close;
        return () -> packed;
    }

    /** {@inheritDoc} */
    @Override
    public void prepare(Progress progress) throws IOException {
        documents.prepare(progress);
    }

    /**
     * Returns where the run is: after the batches handed to the trainer, the point the next window
     * starts from; save it with a checkpoint and resume with {@link Builder#optResumeFrom}.
     *
     * @return the state, or {@code null} before the first epoch of a run not resumed
     */
    public IterationState iterationState() {
        return padded != null ? documents.iterationState() : state;
    }

    /**
     * Returns the loader of the documents, for its statistics.
     *
     * @return the documents' dataset
     */
    public ConcurrentDataset getDocuments() {
        return documents;
    }

    /** Stops the documents' loader of the last epoch started and frees the native tokenizer. */
    @Override
    public void close() {
        try {
            closeEpoch.run();
        } finally {
            tokens.close();
        }
    }

    /** Builds a {@link PackedDataset}. */
    public static final class Builder {

        /** The default end-of-text token, GPT-2's. */
        public static final String DEFAULT_END_OF_TEXT = "<|endoftext|>";

        private ConcurrentDatasetBuilder documents;
        private String tokenizer;
        private String endOfText = DEFAULT_END_OF_TEXT;
        private int seqLen;
        private int batchSize;
        private Boolean toLongest;
        private IterationState resume;

        Builder() {}

        /**
         * Sets the loader of the documents, with its source, documents per batch, seed and shard;
         * the packed dataset sets its batchifiers (the tokenizer) and, to resume, its start.
         *
         * @param documents the documents' builder, not yet built
         * @return this builder
         */
        public Builder setDocuments(ConcurrentDatasetBuilder documents) {
            this.documents = Objects.requireNonNull(documents, "documents");
            return this;
        }

        /**
         * Sets the tokenizer: a Hugging Face {@code tokenizer.json} at a path or a URL of any store
         * ({@code hf://datasets/org/name@main/tokenizer.json}, {@code s3://}, ...; read once, with
         * the default {@link dev.asyncdataset.store.StoreOptions}), read by DJL's {@code
         * ai.djl.huggingface:tokenizers} (add it to the build).
         *
         * @param location the tokenizer's path or URL
         * @return this builder
         */
        public Builder setTokenizer(String location) {
            if (Objects.requireNonNull(location, "location").isEmpty()) {
                throw new IllegalArgumentException("empty tokenizer location");
            }
            this.tokenizer = location;
            return this;
        }

        /**
         * Sets the input length of each window; a window holds one token more, the last label.
         *
         * @param seqLen the sequence length, at least 1
         * @return this builder
         */
        public Builder setSequenceLength(int seqLen) {
            if (seqLen < 1) {
                throw new IllegalArgumentException("seqLen < 1: " + seqLen);
            }
            this.seqLen = seqLen;
            return this;
        }

        /**
         * Sets the windows of a batch.
         *
         * @param batchSize the batch size, at least 1
         * @return this builder
         */
        public Builder setBatchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize < 1: " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /**
         * Makes padded batches, for classification or fine-tuning, instead of packed ones: each
         * batch of documents (as many as the documents' {@code setSampling} says; {@link
         * #setBatchSize} is then not set) becomes an int64 {@code (n, L)} array of each document's
         * token ids and an int64 {@code (n, L)} attention mask (1 for a token, 0 for padding) as
         * its data, and the documents' labels stacked as its label ({@code
         * SampleDecoder.text(textPart, labelPart)}: int64 {@code (n)}). A document longer than the
         * sequence length is cut to it (truncated), and each epoch logs how many were and the
         * tokens they lost; rows are padded with the end-of-text token's id ({@link #optEndOfText},
         * which then names the padding token, such as {@code [PAD]}) to the sequence length, or,
         * {@code toLongest}, to the batch's longest row. No end-of-text token is added.
         *
         * @param toLongest whether rows are padded to the batch's longest row, not to the sequence
         *     length
         * @return this builder
         */
        public Builder optPadded(boolean toLongest) {
            this.toLongest = toLongest;
            return this;
        }

        /**
         * Sets the token that follows each document, which the tokenizer must know. Default: {@link
         * #DEFAULT_END_OF_TEXT}.
         *
         * @param token the end-of-text token
         * @return this builder
         */
        public Builder optEndOfText(String token) {
            if (Objects.requireNonNull(token, "token").isEmpty()) {
                throw new IllegalArgumentException("empty end-of-text token");
            }
            this.endOfText = token;
            return this;
        }

        /**
         * Resumes a seeded run where {@code state} (saved from {@link
         * PackedDataset#iterationState()}) left it: the documents resume from it and its first
         * {@code state.tokens()} tokens are left out.
         *
         * @param state the saved state
         * @return this builder
         */
        public Builder optResumeFrom(IterationState state) {
            this.resume = Objects.requireNonNull(state, "state");
            return this;
        }

        /**
         * Reads the tokenizer and builds the documents' loader.
         *
         * @return the packed dataset
         * @throws IOException if the tokenizer file cannot be read
         * @throws IllegalArgumentException naming the file if the tokenizer does not parse or lacks
         *     the end-of-text token
         * @throws IllegalStateException if a required setting is missing
         */
        public PackedDataset build() throws IOException {
            if (documents == null || tokenizer == null || seqLen == 0) {
                throw new IllegalStateException(
                        "setDocuments, setTokenizer and setSequenceLength are required");
            }
            if ((toLongest == null) == (batchSize == 0)) {
                throw new IllegalStateException(
                        toLongest == null
                                ? "setBatchSize is required for packed batches"
                                : "setBatchSize is for packed batches: a padded batch is a batch"
                                        + " of documents (setSampling)");
            }
            TextBatchifier tokens =
                    toLongest == null
                            ? TokenBatchifier.open(tokenizer, endOfText)
                            : PaddedBatchifier.open(tokenizer, endOfText, seqLen, toLongest);
            try {
                documents
                        .optDataBatchifier(tokens)
                        .optLabelBatchifier(toLongest == null ? tokens : Batchifier.STACK);
                if (resume != null) {
                    documents.optResumeFrom(PackedBatches.at(resume, 0));
                }
                return new PackedDataset(this, documents.build(), tokens);
            } catch (RuntimeException e) {
                tokens.close();
                throw e;
            }
        }
    }
}
