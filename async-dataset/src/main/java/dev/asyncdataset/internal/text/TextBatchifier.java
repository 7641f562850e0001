package dev.asyncdataset.internal.text;

import ai.djl.translate.Batchifier;

/** A batchifier that tokenizes documents with a native tokenizer, which closing frees. */
public interface TextBatchifier extends Batchifier, AutoCloseable {

    /** Frees the native tokenizer. */
    @Override
    void close();
}
