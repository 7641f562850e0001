package dev.asyncdataset.examples.samples;

import ai.djl.modality.nlp.Vocabulary;
import ai.djl.modality.nlp.embedding.TrainableWordEmbedding;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A sentence as the mean of its words' embeddings: (N, T) token ids padded with {@link
 * TextVocabulary#PAD}'s id in, (N, size) out; the padding does not count in the mean.
 */
public final class MeanEmbedding extends AbstractBlock {

    private final TrainableWordEmbedding embedding;
    private final long pad;
    private final int size;

    /**
     * Creates the block, with one trainable vector per word of {@code vocabulary}.
     *
     * @param vocabulary the vocabulary, with {@link TextVocabulary#PAD}
     * @param size the length of a word's vector
     */
    public MeanEmbedding(Vocabulary vocabulary, int size) {
        this.embedding = addChildBlock("embedding", new TrainableWordEmbedding(vocabulary, size));
        this.pad = vocabulary.getIndex(TextVocabulary.PAD);
        this.size = size;
    }

    @Override
    protected NDList forwardInternal(
            ParameterStore store,
            NDList inputs,
            boolean training,
            PairList<String, Object> params) {
        NDArray ids = inputs.head();
        NDArray vectors = embedding.forward(store, new NDList(ids), training, params).head();
        NDArray words = ids.neq(pad).toType(DataType.FLOAT32, false).expandDims(2);
        NDArray sum = vectors.mul(words).sum(new int[] {1});
        return new NDList(sum.div(words.sum(new int[] {1}).maximum(1)));
    }

    /**
     * Returns (N, size) for (N, T) token ids.
     *
     * @param inputs the shape of the token ids
     * @return the shape of the sentence vectors
     */
    @Override
    public Shape[] getOutputShapes(Shape[] inputs) {
        return new Shape[] {new Shape(inputs[0].get(0), size)};
    }

    @Override
    protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputs) {
        embedding.initialize(manager, dataType, inputs);
    }
}
