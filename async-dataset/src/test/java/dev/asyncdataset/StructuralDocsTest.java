package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.asyncdataset.internal.threads.ThreadName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The structural facts the docs state are the code's: docs/architecture.md's import graph is the
 * one jdeps reads from the compiled classes, and the threads the package documentation lists are
 * the threads the library names ({@link ThreadName}), each named nowhere else.
 */
class StructuralDocsTest {

    /** The command that writes the import graph anew from the compiled classes. */
    static final String UPDATE_COMMAND =
            "./mvnw -B -pl async-dataset test -Dtest=StructuralDocsTest -Ddocs.update=true";

    private static final Path ARCHITECTURE = Path.of("..", "docs", "architecture.md");
    private static final String GRAPH_MARKER = "<!-- the import graph: " + UPDATE_COMMAND + " -->";
    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Path PACKAGE_INFO = SOURCES.resolve("dev/asyncdataset/package-info.java");

    /** A thread's name as the documentation writes it: a numbered one ends with -N or -0. */
    private static final Pattern DOCUMENTED = Pattern.compile("async-dataset-[a-z0-9-]*[a-zN0-9]");

    /** A thread builder given a name in place, not through {@link ThreadName}. */
    private static final Pattern NAMED_IN_PLACE = Pattern.compile("\\.name\\(\\s*\"|new Thread\\(");

    @Test
    void architectureImportGraphIsTheCompiledOne() throws IOException {
        List<String> doc = Files.readAllLines(ARCHITECTURE, StandardCharsets.UTF_8);
        int start = doc.indexOf(GRAPH_MARKER) + 2;
        assertTrue(start > 1 && doc.get(start - 1).equals("```"), "no " + GRAPH_MARKER);
        int end = doc.subList(start, doc.size()).indexOf("```") + start;
        List<String> now = graph(PackageGraph.of(Path.of("target", "classes")));
        if (Boolean.getBoolean("docs.update")) {
            List<String> updated = new ArrayList<>(doc.subList(0, start));
            updated.addAll(now);
            updated.addAll(doc.subList(end, doc.size()));
            Files.write(ARCHITECTURE, updated, StandardCharsets.UTF_8);
            return;
        }
        String diff = LineDiff.of(doc.subList(start, end), now);
        if (!diff.isEmpty()) {
            fail(
                    ARCHITECTURE
                            + "'s import graph (-) is not the compiled one (+):\n"
                            + diff
                            + "\nregenerate it with\n    "
                            + UPDATE_COMMAND);
        }
    }

    @Test
    void packageInfoListsEveryThreadTheLibraryNames() throws IOException {
        String doc = Files.readString(PACKAGE_INFO, StandardCharsets.UTF_8);
        String threads = doc.substring(doc.indexOf("<h2>Threads</h2>"), doc.indexOf("</ul>"));
        Set<String> documented = new TreeSet<>();
        Matcher m = DOCUMENTED.matcher(threads.replaceAll("\\s*\\*\\s*", " "));
        while (m.find()) {
            documented.add(m.group().replaceAll("-(N|\\d+)$", "-"));
        }
        Set<String> named =
                Arrays.stream(ThreadName.values())
                        .map(ThreadName::prefix)
                        .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(named, documented, PACKAGE_INFO + " (a numbered name written -N)");
    }

    @Test
    void everyThreadIsNamedThroughThreadName() throws IOException {
        List<String> inPlace;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            inPlace =
                    files.filter(f -> f.toString().endsWith(".java"))
                            .filter(StructuralDocsTest::namesAThreadInPlace)
                            .map(Path::toString)
                            .sorted()
                            .toList();
        }
        assertEquals(List.of(), inPlace);
    }

    /** The import graph's lines: each package that imports another, and those it imports. */
    static List<String> graph(Map<String, Set<String>> uses) {
        Map<String, String> lines = new TreeMap<>();
        uses.forEach(
                (from, targets) -> {
                    if (!targets.isEmpty()) {
                        lines.put(
                                name(from),
                                targets.stream()
                                        .map(StructuralDocsTest::name)
                                        .sorted()
                                        .collect(Collectors.joining(", ")));
                    }
                });
        int width = lines.keySet().stream().mapToInt(String::length).max().orElse(0);
        List<String> graph = new ArrayList<>();
        lines.forEach((from, to) -> graph.add(String.format("%-" + width + "s ──> %s", from, to)));
        return graph;
    }

    /** A package's name relative to the library's, which keeps its own. */
    private static String name(String pkg) {
        return pkg.equals(PackageGraph.LIBRARY)
                ? pkg
                : pkg.substring(PackageGraph.LIBRARY.length() + 1);
    }

    private static boolean namesAThreadInPlace(Path file) {
        try {
            return NAMED_IN_PLACE.matcher(Files.readString(file, StandardCharsets.UTF_8)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
