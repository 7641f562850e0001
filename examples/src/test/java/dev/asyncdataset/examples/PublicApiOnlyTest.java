package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The examples are written against the library's public API, as users' programs are: no compiled
 * example names a class of {@code dev.asyncdataset.internal} (a class file names every class it
 * uses in its constant pool).
 */
class PublicApiOnlyTest {

    private static final byte[] INTERNAL =
            "dev/asyncdataset/internal/".getBytes(StandardCharsets.US_ASCII);

    /** Examples allowed to name internal classes, each with the reason; the list only shrinks. */
    private static final Map<String, String> ALLOWED =
            Map.of(
                    "dev.asyncdataset.examples.bench.FetchClients",
                    "builds its candidate S3 clients with the library's own client settings");

    @Test
    void noExampleNamesAnInternalClass() throws IOException {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes), "compiled examples at " + classes.toAbsolutePath());
        Set<String> naming = new TreeSet<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                if (contains(Files.readAllBytes(file), INTERNAL)) {
                    naming.add(sourceClass(classes.relativize(file)));
                }
            }
        }
        List<String> unexplained = new ArrayList<>(naming);
        unexplained.removeAll(ALLOWED.keySet());
        assertEquals(List.of(), unexplained, "examples naming dev.asyncdataset.internal classes");
        List<String> stale = new ArrayList<>(ALLOWED.keySet());
        stale.removeAll(naming);
        assertEquals(List.of(), stale, "allowed examples that no longer name one: remove them");
    }

    /** The top-level class a class file belongs to: {@code a/B$1.class} is {@code a.B}'s. */
    private static String sourceClass(Path file) {
        String name = file.toString().replace(File.separatorChar, '.');
        int end = name.indexOf('$');
        return name.substring(0, end >= 0 ? end : name.length() - ".class".length());
    }

    private static boolean contains(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            int j = 0;
            while (j < part.length && bytes[i + j] == part[j]) {
                j++;
            }
            if (j == part.length) {
                return true;
            }
        }
        return false;
    }
}
