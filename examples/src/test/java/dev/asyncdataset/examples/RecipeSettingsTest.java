package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RecipeSettingsTest {

    @Test
    void splitsAreTrainAndValUnderTheDataFolderOrPrefix() {
        RecipeSettings folder = parse("--data", "/data/imagenet");
        assertEquals(Path.of("/data/imagenet/train").toString(), folder.train());
        assertEquals(Path.of("/data/imagenet/val").toString(), folder.val());
        RecipeSettings s3 = parse("--data", "s3://bucket/imagenet");
        assertEquals("s3://bucket/imagenet/train/", s3.train());
        assertEquals("s3://bucket/imagenet/val/", s3.val());
    }

    @Test
    void splitsOfAnHttpsUrlAreTrainAndValUnderItAsUnderAnS3Prefix() {
        RecipeSettings https = parse("--data", "https://data.example.com/imagenet");
        assertEquals("https://data.example.com/imagenet/train/", https.train());
        assertEquals("https://data.example.com/imagenet/val/", https.val());
    }

    @Test
    void givenSplitsWinAndValNoneSkipsValidation() {
        RecipeSettings recipe = parse("--train", "s3://b/train", "--val", "none");
        assertEquals("s3://b/train", recipe.train());
        assertEquals("", recipe.val());
    }

    @Test
    void sgdPeaksAtATenthTimesBatchOver256AndWarmsUpFor5Of90() {
        RecipeSettings recipe = parse();
        assertEquals(0.1f * 32 / 256, recipe.peakLearningRate(32), 1e-9);
        assertEquals(50, recipe.warmup(900));
        assertEquals(0.001f, parse("--optimizer", "adam").peakLearningRate(32), 1e-9);
        assertEquals(7, parse("--warmup-steps", "7").warmup(900));
    }

    @Test
    void unknownOptimizerIsRefusedByName() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> parse("--optimizer", "lamb"));
        assertTrue(e.getMessage().contains("lamb"), e.getMessage());
    }

    private static RecipeSettings parse(String... args) {
        return RecipeSettings.from(Options.parse(args, TrainResNet.defaults()));
    }
}
