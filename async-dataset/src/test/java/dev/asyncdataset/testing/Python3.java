package dev.asyncdataset.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The system's Python 3, which tests run (its standard library only) to write what Python's {@code
 * tarfile} writes; a test that needs it is skipped, saying so, where it is not installed.
 */
public final class Python3 {

    /** Where the tests run it from. */
    public static final Path PATH = Path.of("/usr/bin/python3");

    private Python3() {}

    /**
     * Starts {@code python3 args...} with its error output merged into its output, or skips the
     * test where Python 3 is not installed.
     *
     * @param args the script or {@code -c} and code, then its arguments
     * @return the running process
     * @throws IOException if the process cannot be started
     */
    public static Process start(String... args) throws IOException {
        assumeTrue(Files.isExecutable(PATH), "needs Python 3 at " + PATH + " (standard library)");
        List<String> command = new ArrayList<>(List.of(PATH.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }
}
