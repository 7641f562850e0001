package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The library's packages depend on each other without a cycle, as the JDK's jdeps sees them, nor a
 * cycle between folders ({@link FolderBackEdges}), and nothing imports the root package.
 */
class PackageCyclesTest {

    private static final String LIBRARY = "dev.asyncdataset";

    @Test
    void libraryPackagesHaveNoDependencyCycle() {
        Map<String, Set<String>> uses = packageDependencies(Path.of("target", "classes"));
        assertTrue(uses.size() > 10, "jdeps found the library's packages: " + uses.keySet());
        for (String from : uses.keySet()) {
            Set<String> reached = reachable(uses, from);
            assertEquals(
                    Set.of(), reached.contains(from) ? cycleThrough(uses, from) : Set.of(), from);
        }
    }

    @Test
    void libraryPackagesHaveNoFolderLevelBackEdge() {
        Map<String, Set<String>> uses = packageDependencies(Path.of("target", "classes"));
        assertEquals(List.of(), FolderBackEdges.of(uses, LIBRARY));
    }

    @Test
    void noPackageImportsTheRootPackage() {
        Map<String, Set<String>> uses = packageDependencies(Path.of("target", "classes"));
        Set<String> importers = new TreeSet<>();
        uses.forEach(
                (from, targets) -> {
                    if (targets.contains(LIBRARY)) {
                        importers.add(from);
                    }
                });
        assertEquals(Set.of(), importers);
    }

    /** Each library package and the library packages its classes use, from {@code jdeps}. */
    private static Map<String, Set<String>> packageDependencies(Path classes) {
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

    private static Set<String> reachable(Map<String, Set<String>> uses, String from) {
        Set<String> seen = new HashSet<>();
        List<String> todo = new ArrayList<>(uses.getOrDefault(from, Set.of()));
        while (!todo.isEmpty()) {
            String next = todo.remove(todo.size() - 1);
            if (seen.add(next)) {
                todo.addAll(uses.getOrDefault(next, Set.of()));
            }
        }
        return seen;
    }

    /** The packages on a cycle through {@code start}: those it reaches that reach it back. */
    private static Set<String> cycleThrough(Map<String, Set<String>> uses, String start) {
        Set<String> cycle = new TreeSet<>();
        for (String other : reachable(uses, start)) {
            if (reachable(uses, other).contains(start)) {
                cycle.add(other);
            }
        }
        return cycle;
    }
}
