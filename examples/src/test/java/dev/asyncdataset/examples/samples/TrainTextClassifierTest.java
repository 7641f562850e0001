package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.modality.nlp.Vocabulary;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.dataset.Batch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(300)
class TrainTextClassifierTest {

    @TempDir Path root;

    @Test
    void vocabularyHoldsEveryWordOfTheTrainingText() throws Exception {
        TextData.write(root.resolve("loose"), 30, 1);
        OpenedSources shards = Samples.shards(root.resolve("loose"), root.resolve("shards"));
        Vocabulary vocabulary = TextVocabulary.build(shards);
        Samples.assertReadFromShards(shards, 30);
        try (Stream<Path> files = Files.list(root.resolve("loose"))) {
            for (Path text : files.filter(f -> f.toString().endsWith(".txt")).toList()) {
                for (String word : Files.readString(text).split(" ")) {
                    assertTrue(vocabulary.contains(word), word);
                }
            }
        }
    }

    @Test
    void tokenIdsArePaddedToTheLongestSentenceOfTheBatch() throws Exception {
        TextData.write(root.resolve("loose"), TrainTextClassifier.BATCH, 2);
        OpenedSources samples = Samples.shards(root.resolve("loose"), root.resolve("shards"));
        Vocabulary vocabulary = TextVocabulary.build(samples);
        long pad = vocabulary.getIndex(TextVocabulary.PAD);
        try (NDManager manager = NDManager.newBaseManager()) {
            Batch batch =
                    Samples.firstBatch(TrainTextClassifier.dataset(samples, vocabulary), manager);
            assertEquals(DataType.INT64, batch.getData().head().getDataType());
            long[] ids = batch.getData().head().toLongArray();
            int longest = (int) batch.getData().head().getShape().get(1);
            int shortest = longest;
            for (int row = 0; row < TrainTextClassifier.BATCH; row++) {
                long[] sentence = Arrays.copyOfRange(ids, row * longest, (row + 1) * longest);
                int words = (int) Arrays.stream(sentence).takeWhile(id -> id != pad).count();
                assertTrue(Arrays.stream(sentence, words, longest).allMatch(id -> id == pad));
                shortest = Math.min(shortest, words);
            }
            assertTrue(shortest < longest, "some sentence is padded");
            batch.close();
        }
        Samples.assertReadFromShards(samples, TrainTextClassifier.BATCH);
    }

    @Test
    void accuracyRisesWellAboveChanceOnTheTrainingText() throws Exception {
        TextData.write(root.resolve("loose"), 192, 3);
        OpenedSources shards = Samples.shards(root.resolve("loose"), root.resolve("shards"));
        EpochCurves curves = TrainTextClassifier.train(shards, 5);
        Samples.assertReadFromShards(shards, 192);
        float[] accuracy = curves.of("Accuracy");
        Samples.assertLossFalls(curves.lossPerEpoch(), 5, 1);
        assertTrue(accuracy[4] > accuracy[0], "accuracy per epoch " + Arrays.toString(accuracy));
        assertTrue(accuracy[4] > 2f / TextData.CLASSES, Arrays.toString(accuracy));
    }
}
