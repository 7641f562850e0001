package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every table of the project's Markdown renders as its own table: a header row directly under
 * another table's row would be read as two more rows of that table.
 */
class MarkdownTablesTest {

    private static final Path ROOT = Path.of("..");

    @Test
    void everyTableHeaderStandsApartFromTheTableBefore() throws IOException {
        List<String> glued = new ArrayList<>();
        for (Path file : markdown()) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 2; i < lines.size(); i++) {
                if (lines.get(i).startsWith("|---") && lines.get(i - 2).startsWith("|")) {
                    glued.add(ROOT.relativize(file) + ":" + i);
                }
            }
        }
        assertEquals(List.of(), glued, "table headers right under another table's rows");
    }

    /** The Markdown files at the top of the project and under docs/. */
    private static List<Path> markdown() throws IOException {
        try (Stream<Path> top = Files.list(ROOT);
                Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            return Stream.concat(top, docs)
                    .filter(f -> f.toString().endsWith(".md"))
                    .sorted()
                    .toList();
        }
    }
}
