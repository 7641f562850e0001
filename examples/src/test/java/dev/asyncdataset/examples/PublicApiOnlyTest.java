package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertEquals(Set.of(), naming, "examples naming dev.asyncdataset.internal classes");
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
