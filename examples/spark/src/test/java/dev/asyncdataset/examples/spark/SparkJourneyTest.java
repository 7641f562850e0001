package dev.asyncdataset.examples.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.RecipeSettings;
import dev.asyncdataset.examples.ResNetTraining;
import dev.asyncdataset.examples.RunResult;
import dev.asyncdataset.examples.TrainResNet;
import dev.asyncdataset.examples.TrainingSettings;
import dev.asyncdataset.examples.data.GenerateImageNetLike;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.testing.DocCommands;
import dev.asyncdataset.testing.DocCommands.Command;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark journey of examples/README.md, its commands read from there and run in their order in
 * this JVM, as each program's {@code main} runs them ({@code TrainResNet}'s without its exit), the
 * folder {@code data/} they name standing in a temporary folder: images generated, both splits
 * prepared by the Spark job, and ResNet-18 trained on the shards and validated.
 */
@Tag("spark")
class SparkJourneyTest {

    private static final String GENERATE = GenerateImageNetLike.class.getName();
    private static final String TRAIN = TrainResNet.class.getName();

    @TempDir Path root;

    @Test
    @Timeout(1800)
    void theReadmesSparkJourneyTrainsFromTheShardsTheJobWrote() throws Exception {
        List<Command> commands =
                DocCommands.read(Path.of("..", "README.md").toAbsolutePath(), "spark");
        assertEquals(
                List.of(GENERATE, "spark-job", "spark-job", TRAIN),
                commands.stream().map(Command::program).toList());
        RunResult result = null;
        for (Command command : commands) {
            String[] args = inRoot(command.args());
            switch (command.program()) {
                case "spark-job" -> PrepareData.main(args);
                case "dev.asyncdataset.examples.data.GenerateImageNetLike" ->
                        GenerateImageNetLike.main(args);
                default -> result = train(args);
            }
        }
        assertEquals(64, result.images(), "an epoch of the 4 x 16 training images");
        assertTrue(Double.isFinite(result.loss()), "loss " + result.loss());
        double top1 = result.validation().top1();
        assertTrue(top1 >= 0 && top1 <= 1, "val top-1 " + top1);
    }

    /** What {@code TrainResNet.main} does, returning the result rather than exiting. */
    private static RunResult train(String[] args) throws Exception {
        Options options = Options.parse(args, TrainResNet.defaults());
        TrainingSettings settings = TrainingSettings.from(options);
        return ResNetTraining.run(
                settings,
                RecipeSettings.from(options),
                S3Connection.withDefaultCredentials(settings.endpoint()));
    }

    /** {@code args} with the paths under {@code data/} moved into the temporary folder. */
    private String[] inRoot(List<String> args) {
        return args.stream()
                .map(a -> a.startsWith("data/") ? root.resolve(a).toString() : a)
                .toArray(String[]::new);
    }
}
