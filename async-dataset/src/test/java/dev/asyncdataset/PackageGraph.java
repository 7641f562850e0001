package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.spi.ToolProvider;

/** The library's packages and the library packages each imports, as the JDK's jdeps reads them. */
final class PackageGraph {

    /** The library's root package. */
    static final String LIBRARY = "dev.asyncdataset";

    private PackageGraph() {}

    /**
     * Each library package under {@code classes} and the other library packages its classes use.
     */
    static Map<String, Set<String>> of(Path classes) {
        assertTrue(Files.isDirectory(classes), "compiled classes at " + classes.toAbsolutePath());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int status =
                jdeps.run(
                        new PrintWriter(out),
                        new PrintWriter(out),
                        "-verbose:package",
                        "--multi-release",
                        Integer.toString(Runtime.version().feature()),
                        "--ignore-missing-deps",
                        classes.toString());
        assertEquals(0, status, out.toString());
        Map<String, Set<String>> uses = new HashMap<>();
        for (String line : out.toString().split("\n")) {
            String[] words = line.trim().split("\\s+");
            if (words.length >= 3 && words[1].equals("->") && inLibrary(words[0])) {
                Set<String> targets = uses.computeIfAbsent(words[0], p -> new HashSet<>());
                if (inLibrary(words[2]) && !words[2].equals(words[0])) {
                    targets.add(words[2]);
                }
            }
        }
        return uses;
    }

    private static boolean inLibrary(String name) {
        return name.equals(LIBRARY) || name.startsWith(LIBRARY + ".");
    }
}
