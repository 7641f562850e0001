package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.DocCommands;
import dev.asyncdataset.testing.DocCommands.Command;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A journey of examples/README.md as a test runs it: its commands read from there, and each example
 * run as the examples' {@code -Prun} runs it, a JVM of its own, in a folder standing for the
 * project's root.
 */
final class JourneyRuns {

    /** The examples' programs, by the names the journeys' checks use. */
    static final String GENERATE = "dev.asyncdataset.examples.data.GenerateImageNetLike";

    static final String WRITE_SHARDS = "dev.asyncdataset.examples.data.WriteShards";
    static final String TRAIN = "dev.asyncdataset.examples.TrainResNet";

    private JourneyRuns() {}

    /** The commands of the journey {@code name}. */
    static List<Command> read(String name) throws IOException {
        return DocCommands.read(Path.of("..", "examples", "README.md"), name);
    }

    /** The programs of {@code commands}, in order. */
    static List<String> programs(List<Command> commands) {
        return commands.stream().map(Command::program).toList();
    }

    /** The value {@code export NAME=value} sets. */
    static String exported(Command export, String name) {
        String assignment = export.args().get(0);
        assertTrue(assignment.startsWith(name + "="), assignment);
        return assignment.substring(name.length() + 1);
    }

    /**
     * Runs the example of {@code command} in {@code root} with {@code env}; fails unless it ends
     * well within 15 minutes with no line that {@code unwanted} names.
     *
     * @return its output
     */
    static String run(Command command, Path root, Map<String, String> env, List<String> unwanted)
            throws Exception {
        try (TrainingProcess process =
                TrainingProcess.start(command.program(), root, env, command.args())) {
            int status = process.awaitExit(900);
            String output = process.output();
            assertEquals(0, status, command.words() + " failed:\n" + output);
            for (String text : unwanted) {
                assertTrue(!output.contains(text), "'" + text + "' in the output:\n" + output);
            }
            return output;
        }
    }
}
