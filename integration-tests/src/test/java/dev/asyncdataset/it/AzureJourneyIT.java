package dev.asyncdataset.it;

import static dev.asyncdataset.it.JourneyRuns.GENERATE;
import static dev.asyncdataset.it.JourneyRuns.TRAIN;
import static dev.asyncdataset.it.JourneyRuns.WRITE_SHARDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.DocCommands.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Azure journey of examples/README.md, its commands run in their order: Azurite's version (the
 * tests' own install) and flags and the development account's connection string are the tests'
 * Azurite's (on its port, in place of 10000), the container is created as the Azure CLI would, and
 * each example runs with that connection string in its environment: the images are generated,
 * written as shards into the container, and trained on, with no warning of the Azure SDK in any
 * output.
 */
class AzureJourneyIT {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    @TempDir Path root;

    @Test
    @Timeout(3600)
    void theReadmesAzureJourneyTrainsFromShardsItWroteToAzure() throws Exception {
        List<Command> commands = JourneyRuns.read("azure");
        assertEquals(
                List.of(
                        "npm",
                        "azurite-blob",
                        "export",
                        "az",
                        GENERATE,
                        WRITE_SHARDS,
                        WRITE_SHARDS,
                        TRAIN),
                JourneyRuns.programs(commands));
        Map<String, String> env = new HashMap<>();
        String output = "";
        for (Command command : commands) {
            switch (command.program()) {
                case "npm" -> assertEquals("azurite@" + azuriteVersion(), command.args().get(2));
                case "azurite-blob" ->
                        assertTrue(command.args().contains("--skipApiVersionCheck"), "flags");
                case "export" -> {
                    String name = "AZURE_STORAGE_CONNECTION_STRING";
                    assertEquals(
                            AzuriteServer.connectionString("http://127.0.0.1:10000"),
                            JourneyRuns.exported(command, name));
                    env.put(name, AZURE.connectionString());
                }
                case "az" ->
                        AZURE.container(command.args().get(command.args().indexOf("--name") + 1));
                default -> output = JourneyRuns.run(command, root, env, List.of("restricted by"));
            }
        }
        assertTrue(output.contains("RESULT "), output);
    }

    /** The Azurite the tests install: the version their lock pins. */
    private static String azuriteVersion() throws Exception {
        String lock = Files.readString(Path.of("azurite", "package.json"));
        int at = lock.indexOf("\"azurite\": \"") + "\"azurite\": \"".length();
        return lock.substring(at, lock.indexOf('"', at));
    }
}
