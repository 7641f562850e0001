package dev.asyncdataset.it;

import static dev.asyncdataset.it.JourneyRuns.TRAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.DocCommands.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Hub journey of examples/README.md, its commands run in their order against the tests'
 * imitation of the Hub ({@code HF_ENDPOINT}, as for a mirror), which holds the dataset the journey
 * names, in the Hub's Parquet conversion (its class names in the files' metadata), and wants the
 * journey's token: {@code TrainResNet} trains from the {@code hf://} globs and validates, and
 * prints no line of Hardwood's.
 */
class HubJourneyIT {

    private static final List<Command> COMMANDS = read();

    @RegisterExtension
    static final HubServer HUB =
            new HubServer(JourneyRuns.exported(COMMANDS.get(0), "HF_TOKEN"), 100);

    @TempDir Path root;

    @Test
    @Timeout(1800)
    void theReadmesHubJourneyTrainsFromTheHubsParquetConversion() throws Exception {
        assertEquals(List.of("export", TRAIN), JourneyRuns.programs(COMMANDS));
        List<ParquetFixtures.Row> rows = ParquetFixtures.images(root.resolve("images"));
        Path train = root.resolve("train.parquet");
        Path test = root.resolve("test.parquet");
        List<String> names = List.of("zero", "one", "two", "three");
        ParquetFixtures.hubDataset(train, rows, names);
        ParquetFixtures.hubDataset(test, rows.subList(0, 16), names);
        HUB.commit(
                "ylecun/mnist",
                "refs/convert/parquet",
                Map.of(
                        "mnist/train/0000.parquet", Files.readAllBytes(train),
                        "mnist/test/0000.parquet", Files.readAllBytes(test)));
        Map<String, String> env =
                Map.of(
                        "HF_TOKEN", JourneyRuns.exported(COMMANDS.get(0), "HF_TOKEN"),
                        "HF_ENDPOINT", HUB.endpoint());
        String output = JourneyRuns.run(COMMANDS.get(1), root, env, List.of("SIMD support"));
        assertTrue(output.contains("RESULT "), output);
    }

    private static List<Command> read() {
        try {
            return JourneyRuns.read("hub");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
