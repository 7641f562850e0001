package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.source.ItemSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** The key of an item below a base, taken from the location its source describes it by. */
final class ItemKeys {

    private ItemKeys() {}

    /** Returns item {@code index}'s location without {@code base}, failing if it is not below. */
    static String key(ItemSource<?> source, long index, String base) {
        String described = source.describe(index);
        assertTrue(described.startsWith(base), described + " is not below " + base);
        return described.substring(base.length());
    }

    /** Returns item {@code index}'s path relative to {@code folder}, with {@code /} separators. */
    static String key(ItemSource<?> source, long index, Path folder) {
        try {
            return relative(folder.toRealPath(), Path.of(source.describe(index)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns {@code file}'s path relative to {@code folder}, with {@code /} separators. */
    static String relative(Path folder, Path file) {
        return folder.relativize(file)
                .toString()
                .replace(folder.getFileSystem().getSeparator(), "/");
    }
}
