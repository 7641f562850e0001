package dev.asyncdataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The library's public API as text, read from its compiled classes: each public type of an exported
 * package (every package but {@code dev.asyncdataset.internal} and those below it) as a header
 * line, then its public members, and its protected ones where users can subclass it, one per line
 * ({@link ApiMembers}). Types in name order, members sorted, so that the listing changes only when
 * the API does.
 */
final class ApiListing {

    /** The package whose classes, and those of every package below it, are not exported. */
    static final String INTERNAL = "dev.asyncdataset.internal";

    private ApiListing() {}

    /**
     * Returns the public types compiled into {@code classes}, loaded by {@code loader} without
     * initializing them, in name order.
     */
    static List<Class<?>> publicTypes(Path classes, ClassLoader loader) {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.map(classes::relativize)
                    .map(Path::toString)
                    .filter(f -> f.endsWith(".class") && !f.startsWith("META-INF"))
                    .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
                    .filter(name -> !isInternal(name) && !name.endsWith("module-info"))
                    .<Class<?>>map(name -> load(name, loader))
                    .filter(ApiListing::isPublic)
                    .sorted(Comparator.comparing(Class::getCanonicalName))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The listing of {@code types}: each one's header, then its members indented, then a gap. */
    static List<String> lines(List<Class<?>> types) {
        List<String> lines = new ArrayList<>();
        for (Class<?> type : types) {
            List<ApiMembers.Signature> signatures = ApiMembers.of(type);
            lines.add(signatures.getFirst().text());
            signatures.stream().skip(1).forEach(s -> lines.add("  " + s.text()));
            lines.add("");
        }
        return lines;
    }

    /** Whether {@code type} is a type users can name: public or protected, and so is its owner. */
    static boolean isPublic(Class<?> type) {
        int modifiers = type.getModifiers();
        if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        if (type.getEnclosingClass() == null) {
            return Modifier.isPublic(modifiers);
        }
        return (Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers))
                && isPublic(type.getEnclosingClass());
    }

    /** Whether a class of this binary or canonical name is in an internal package. */
    static boolean isInternal(String name) {
        return name.startsWith(INTERNAL + ".");
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("compiled class not loadable: " + name, e);
        }
    }
}
