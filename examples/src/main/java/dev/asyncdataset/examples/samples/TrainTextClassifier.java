package dev.asyncdataset.examples.samples;

import ai.djl.modality.nlp.Vocabulary;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.dataset.Record;
import ai.djl.training.evaluator.Accuracy;
import ai.djl.training.loss.Loss;
import ai.djl.translate.PaddingStackBatchifier;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.SampleDecoder;
import java.io.IOException;

/**
 * Text classification: samples of a {@code txt} sentence and a {@code cls} class, as {@link
 * TextData} writes them. The decoder tokenizes the sentence into token ids with a {@link
 * TextVocabulary} built from the training text; sentences differ in length, so the data batchifier
 * is DJL's {@link PaddingStackBatchifier}, padding each batch's ids to its longest sentence with
 * the id of {@link TextVocabulary#PAD}. The model is the mean of the words' embeddings ({@link
 * MeanEmbedding}) and a linear layer, trained with softmax cross-entropy. Options: {@code --data
 * DIR} (default: generate into {@code data/samples/text}), {@code --storage folder|shards|s3}
 * (default {@code shards}: the samples are written as tar shards and read from them, see {@link
 * SampleStorage}), {@code --epochs N}.
 */
public final class TrainTextClassifier {

    /** Samples per batch. */
    public static final int BATCH = 32;

    private static final int EMBEDDING = 16;

    private TrainTextClassifier() {}

    /**
     * Trains on the generated set, or on {@code --data}, from {@code --storage}, and prints the
     * loss and accuracy per epoch.
     *
     * @param args {@code --data DIR --storage folder|shards|s3 --epochs N}
     * @throws Exception if the samples cannot be written, read or trained on
     */
    public static void main(String[] args) throws Exception {
        SampleMain.run(
                args,
                "text",
                "shards",
                10,
                root -> TextData.write(root, 960, 0),
                TrainTextClassifier::train);
    }

    /**
     * Returns the decoder of the samples: the sentence's token ids (int64, one per word) as data,
     * its class as label.
     *
     * @param vocabulary the vocabulary of the training text
     * @return the decoder
     */
    public static SampleDecoder decoder(Vocabulary vocabulary) {
        return (manager, sample) ->
                new Record(
                        new NDList(
                                manager.create(
                                        TextVocabulary.ids(vocabulary, Parts.text(sample, "txt")))),
                        new NDList(Parts.integer(manager, sample, "cls")));
    }

    /**
     * Returns the dataset of the samples: token ids padded per batch, batches of {@link #BATCH},
     * shuffled.
     *
     * @param samples where the samples are
     * @param vocabulary the vocabulary of the training text
     * @return the dataset
     * @throws IOException if the samples cannot be listed
     */
    public static ConcurrentDataset dataset(SampleSources samples, Vocabulary vocabulary)
            throws IOException {
        long pad = vocabulary.getIndex(TextVocabulary.PAD);
        return SampleTraining.dataset(samples, decoder(vocabulary), BATCH)
                .optDataBatchifier(
                        PaddingStackBatchifier.builder()
                                .addPad(0, 0, m -> m.create(new long[] {pad}))
                                .build())
                .build();
    }

    /**
     * Builds the vocabulary, then trains the mean of embeddings and a linear layer with softmax
     * cross-entropy and Adam.
     *
     * @param samples where the samples are
     * @param epochs how many epochs
     * @return the loss and accuracy per epoch
     * @throws IOException if the samples cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static EpochCurves train(SampleSources samples, int epochs)
            throws IOException, TranslateException {
        Vocabulary vocabulary = TextVocabulary.build(samples);
        SequentialBlock model =
                new SequentialBlock()
                        .add(new MeanEmbedding(vocabulary, EMBEDDING))
                        .add(Linear.builder().setUnits(TextData.CLASSES).build());
        DefaultTrainingConfig config =
                SampleTraining.adam(Loss.softmaxCrossEntropyLoss(), 0.05f)
                        .addEvaluator(new Accuracy());
        return SampleTraining.fit(
                model, config, dataset(samples, vocabulary), epochs, new Shape(BATCH, 8));
    }
}
