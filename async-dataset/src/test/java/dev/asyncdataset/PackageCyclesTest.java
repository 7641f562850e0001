package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The library's packages depend on each other without a cycle, as the JDK's jdeps sees them, nor a
 * cycle between folders ({@link FolderBackEdges}), and nothing imports the root package.
 */
class PackageCyclesTest {

    private static final String LIBRARY = PackageGraph.LIBRARY;

    @Test
    void libraryPackagesHaveNoDependencyCycle() {
        Map<String, Set<String>> uses = PackageGraph.of(Path.of("target", "classes"));
        assertTrue(uses.size() > 10, "jdeps found the library's packages: " + uses.keySet());
        for (String from : uses.keySet()) {
            Set<String> reached = reachable(uses, from);
            assertEquals(
                    Set.of(), reached.contains(from) ? cycleThrough(uses, from) : Set.of(), from);
        }
    }

    @Test
    void libraryPackagesHaveNoFolderLevelBackEdge() {
        Map<String, Set<String>> uses = PackageGraph.of(Path.of("target", "classes"));
        assertEquals(List.of(), FolderBackEdges.of(uses, LIBRARY));
    }

    @Test
    void noPackageImportsTheRootPackage() {
        Map<String, Set<String>> uses = PackageGraph.of(Path.of("target", "classes"));
        Set<String> importers = new TreeSet<>();
        uses.forEach(
                (from, targets) -> {
                    if (targets.contains(LIBRARY)) {
                        importers.add(from);
                    }
                });
        assertEquals(Set.of(), importers);
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
