package dev.asyncdataset.examples.text;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Activation;
import ai.djl.nn.core.Linear;
import ai.djl.nn.transformer.IdEmbedding;
import ai.djl.nn.transformer.TransformerEncoderBlock;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A small causal transformer language model: token embeddings, one DJL {@link
 * TransformerEncoderBlock} whose self-attention sees each position and the ones before it (a causal
 * mask), and a linear layer to the vocabulary's logits. (B, T) int64 ids in, (B, T, vocabulary)
 * logits out.
 */
public final class TinyLm extends AbstractBlock {

    private final IdEmbedding embedding;
    private final TransformerEncoderBlock encoder;
    private final Linear logits;
    private final int size;
    private final int vocabulary;

    /**
     * Creates the model.
     *
     * @param vocabulary the tokens
     * @param size the embedding size
     * @param heads the attention heads, dividing {@code size}
     */
    public TinyLm(int vocabulary, int size, int heads) {
        this.vocabulary = vocabulary;
        this.size = size;
        this.embedding =
                addChildBlock(
                        "embedding",
                        new IdEmbedding.Builder()
                                .setDictionarySize(vocabulary)
                                .setEmbeddingSize(size)
                                .build());
        this.encoder =
                addChildBlock(
                        "encoder",
                        new TransformerEncoderBlock(size, heads, 4 * size, 0f, Activation::gelu));
        this.logits = addChildBlock("logits", Linear.builder().setUnits(vocabulary).build());
    }

    @Override
    protected NDList forwardInternal(
            ParameterStore store,
            NDList inputs,
            boolean training,
            PairList<String, Object> params) {
        NDArray ids = inputs.head();
        long batch = ids.getShape().get(0);
        long length = ids.getShape().get(1);
        NDArray vectors = embedding.forward(store, new NDList(ids), training, params).head();
        NDArray hidden =
                encoder.forward(
                                store,
                                new NDList(vectors, causal(ids.getManager(), batch, length)),
                                training,
                                params)
                        .head();
        NDArray flat = hidden.reshape(batch * length, size);
        NDArray out = logits.forward(store, new NDList(flat), training, params).head();
        return new NDList(out.reshape(batch, length, vocabulary));
    }

    /** Returns the (B, T, T) mask of 1 where a position may attend: itself and the ones before. */
    private static NDArray causal(NDManager manager, long batch, long length) {
        NDArray positions = manager.arange(length);
        NDArray allowed = positions.expandDims(1).gte(positions.expandDims(0));
        return allowed.toType(DataType.FLOAT32, false).expandDims(0).repeat(0, batch);
    }

    /**
     * Returns (B, T, vocabulary) for (B, T) ids.
     *
     * @param inputs the shape of the ids
     * @return the shape of the logits
     */
    @Override
    public Shape[] getOutputShapes(Shape[] inputs) {
        return new Shape[] {new Shape(inputs[0].get(0), inputs[0].get(1), vocabulary)};
    }

    @Override
    protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputs) {
        Shape ids = inputs[0];
        embedding.initialize(manager, dataType, ids);
        Shape vectors = new Shape(ids.get(0), ids.get(1), size);
        encoder.initialize(manager, dataType, vectors);
        logits.initialize(manager, dataType, new Shape(ids.get(0) * ids.get(1), size));
    }
}
