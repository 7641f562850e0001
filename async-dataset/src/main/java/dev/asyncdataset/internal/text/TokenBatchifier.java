package dev.asyncdataset.internal.text;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import dev.asyncdataset.internal.io.OptionalDependency;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Tokenizes a batch of documents on the loader's collate stage: each item's data is one array of
 * its UTF-8 bytes (as {@code SampleDecoder.text} gives), and the batch becomes one int64 array of
 * every document's ids in item order, each followed by the end-of-text id; the labels, none, stay
 * empty. Batches are read whole by the packer, never split.
 */
public final class TokenBatchifier implements TextBatchifier {

    private static final long serialVersionUID = 1L;

    private static final OptionalDependency TOKENIZERS =
            new OptionalDependency(
                    "Text tokenizers",
                    "ai.djl.huggingface:tokenizers",
                    "ai.djl.huggingface.tokenizers.HuggingFaceTokenizer");

    private final transient TextTokenizer tokenizer;

    private TokenBatchifier(TextTokenizer tokenizer) {
        this.tokenizer = tokenizer;
    }

    /**
     * Reads the tokenizer at {@code location}, a {@code tokenizer.json}.
     *
     * @param location the tokenizer's path or URL
     * @param endOfText the token that follows each document
     * @return the batchifier
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file if it does not parse or lacks the token
     * @throws IllegalStateException naming the dependency to add if the tokenizers are missing
     */
    public static TokenBatchifier open(String location, String endOfText) throws IOException {
        return new TokenBatchifier(tokenizer(location, endOfText));
    }

    /** Reads the tokenizer at {@code location}, once the tokenizers are known to be there. */
    static TextTokenizer tokenizer(String location, String endOfText) throws IOException {
        TOKENIZERS.require();
        return TextTokenizer.open(TokenizerJson.read(location), endOfText);
    }

    @Override
    public NDList batchify(NDList[] inputs) {
        if (inputs.length == 0 || inputs[0].isEmpty()) {
            return new NDList();
        }
        NDArray first = inputs[0].get(0);
        return new NDList(first.getManager().create(tokenizer.encode(texts(inputs))));
    }

    /** The documents of a batch: each item's first array, its UTF-8 bytes. */
    static List<String> texts(NDList[] inputs) {
        List<String> texts = new ArrayList<>(inputs.length);
        for (NDList input : inputs) {
            texts.add(new String(input.get(0).toByteArray(), StandardCharsets.UTF_8));
        }
        return texts;
    }

    @Override
    public NDList[] unbatchify(NDList inputs) {
        throw new UnsupportedOperationException("token batches are packed, not unbatchified");
    }

    /** Frees the native tokenizer. */
    @Override
    public void close() {
        tokenizer.close();
    }
}
