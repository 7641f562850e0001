package dev.asyncdataset.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.asyncdataset.testing.DocCommands.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journey's commands are read as the shell would run them: continued lines joined, comments left
 * out, quotes removed, an example's program and arguments taken from Maven's properties.
 */
class DocCommandsTest {

    @TempDir Path dir;

    @Test
    void aJourneysCommandsAreReadAsTheShellRunsThem() throws Exception {
        Path markdown =
                Files.writeString(
                        dir.resolve("README.md"),
                        """
                        text
                        <!-- journey: j -->
                        ```bash
                        # a comment
                        export KEY="a=b;c d"
                        ./mvnw -B -Prun -Drun.main=x.Main \\
                            -Drun.args="--in data/a --glob 'hf://d/*.parquet'"
                        ./mvnw -Pspark-job -Dspark.args="--input i"
                        ```
                        """);
        List<Command> commands = DocCommands.read(markdown, "j");
        assertEquals(
                List.of("export", "x.Main", "spark-job"),
                commands.stream().map(Command::program).toList());
        assertEquals(List.of("KEY=a=b;c d"), commands.get(0).args());
        assertEquals(
                List.of("--in", "data/a", "--glob", "hf://d/*.parquet"), commands.get(1).args());
        assertEquals(List.of("--input", "i"), commands.get(2).args());
    }

    @Test
    void aMissingJourneyIsNamed() throws Exception {
        Path markdown = Files.writeString(dir.resolve("README.md"), "no journey\n");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> DocCommands.read(markdown, "x"));
        assertEquals(markdown + " has no journey x followed by a bash block", e.getMessage());
    }
}
