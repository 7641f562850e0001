package dev.asyncdataset.internal.text;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.TokenizersLibrary;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * DJL's Hugging Face tokenizer read from a {@code tokenizer.json}, with the id of the end-of-text
 * token that follows each document. Thread-safe: the native tokenizer is, and closing it waits for
 * the encodings under way, after which encoding fails instead of reading freed memory (a loader's
 * abandoned epoch may still be collating).
 */
final class TextTokenizer implements AutoCloseable {

    private final HuggingFaceTokenizer tokenizer;
    private final long endOfText;
    private final ReadWriteLock lifetime = new ReentrantReadWriteLock();

    @GuardedBy("lifetime")
    private boolean closed;

    private TextTokenizer(HuggingFaceTokenizer tokenizer, long endOfText) {
        this.tokenizer = tokenizer;
        this.endOfText = endOfText;
    }

    /**
     * Reads the tokenizer in {@code json} and finds {@code endOfText} in its vocabulary.
     *
     * @throws IOException if the tokenizer cannot be read
     * @throws IllegalArgumentException naming the file if it does not parse, lacks the token, or
     *     its unknown token is not in its vocabulary ({@link TokenizerCheck})
     */
    static TextTokenizer open(TokenizerJson json, String endOfText) throws IOException {
        TokenizerCheck.check(json);
        HuggingFaceTokenizer tokenizer;
        try {
            tokenizer =
                    HuggingFaceTokenizer.newInstance(
                            new ByteArrayInputStream(json.json()),
                            Map.of("truncation", "false", "padding", "false"));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "tokenizer " + json.name() + " does not parse: " + e.getMessage(), e);
        }
        try {
            return new TextTokenizer(tokenizer, id(tokenizer, endOfText, json.name()));
        } catch (RuntimeException e) {
            tokenizer.close();
            throw e;
        }
    }

    private static long id(HuggingFaceTokenizer tokenizer, String token, String file) {
        Encoding encoding = tokenizer.encode(token, false, false);
        String[] tokens = encoding.getTokens();
        if (tokens.length != 1 || !tokens[0].equals(token)) {
            throw new IllegalArgumentException(
                    "tokenizer " + file + " has no end-of-text token " + token);
        }
        return encoding.getIds()[0];
    }

    /**
     * Encodes {@code texts} in one native call and returns their ids one after the other, each
     * document followed by the end-of-text id; no special tokens are added.
     */
    long[] encode(List<String> texts) {
        long[][] documents = encodeEach(texts);
        int total = documents.length;
        for (long[] document : documents) {
            total = Math.addExact(total, document.length);
        }
        long[] ids = new long[total];
        int at = 0;
        for (long[] document : documents) {
            System.arraycopy(document, 0, ids, at, document.length);
            at += document.length;
            ids[at++] = endOfText;
        }
        return ids;
    }

    /**
     * Encodes {@code texts} in one native call and returns each one's ids; no special tokens. Only
     * the ids are read from the native encodings: DJL's {@link Encoding} would also copy out each
     * one's tokens, words, masks and character spans, a third of the tokenizing time, unused here.
     */
    long[][] encodeEach(List<String> texts) {
        lifetime.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the tokenizer is closed");
            }
            long[] encodings =
                    TokenizersLibrary.LIB.batchEncode(
                            tokenizer.getHandle(), texts.toArray(String[]::new), false);
            return ids(encodings);
        } finally {
            lifetime.readLock().unlock();
        }
    }

    /** Reads the ids of the native {@code encodings} and frees them all. */
    private static long[][] ids(long[] encodings) {
        long[][] ids = new long[encodings.length][];
        try {
            for (int i = 0; i < encodings.length; i++) {
                ids[i] = TokenizersLibrary.LIB.getTokenIds(encodings[i]);
            }
            return ids;
        } finally {
            for (long encoding : encodings) {
                TokenizersLibrary.LIB.deleteEncoding(encoding);
            }
        }
    }

    /** The id of the token that ends each packed document, or pads a padded row. */
    long endOfText() {
        return endOfText;
    }

    /** Frees the native tokenizer once the encodings under way are done. */
    @Override
    public void close() {
        lifetime.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                tokenizer.close();
            }
        } finally {
            lifetime.writeLock().unlock();
        }
    }
}
