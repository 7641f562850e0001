package dev.asyncdataset;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The places where the public API names a library type users cannot use: a type of an internal
 * package anywhere in a public signature, a public type that is an internal type through a class it
 * extends, or a non-public type in a member's signature. (A public class may extend a package-
 * private one, as {@code StringBuilder} does: users see only its public members.)
 */
final class ApiExposures {

    private ApiExposures() {}

    /**
     * Each offending signature line of {@code types} and the hidden types it names, sorted.
     *
     * @param internal whether a class of this binary name is internal
     */
    static SortedMap<String, TreeSet<String>> of(List<Class<?>> types, Predicate<String> internal) {
        SortedMap<String, TreeSet<String>> exposures = new TreeMap<>();
        for (Class<?> type : types) {
            List<ApiMembers.Signature> signatures = ApiMembers.of(type);
            String header = signatures.getFirst().text();
            for (Class<?> named : ApiTypes.classesIn(signatures.getFirst().names())) {
                if (internal.test(named.getName())) {
                    add(exposures, header, named);
                }
            }
            for (Class<?> supertype : supertypes(type)) {
                if (internal.test(supertype.getName())) {
                    add(exposures, header, supertype);
                }
            }
            for (ApiMembers.Signature member : signatures.subList(1, signatures.size())) {
                for (Class<?> named : ApiTypes.classesIn(member.names())) {
                    if (internal.test(named.getName())
                            || (inLibrary(named) && !ApiListing.isPublic(named))) {
                        add(exposures, member.text(), named);
                    }
                }
            }
        }
        return exposures;
    }

    /** Every class {@code type} extends and interface it implements, directly or not. */
    private static List<Class<?>> supertypes(Class<?> type) {
        List<Class<?>> found = new ArrayList<>();
        List<Class<?>> todo = new ArrayList<>(List.of(type));
        while (!todo.isEmpty()) {
            Class<?> next = todo.removeLast();
            if (next.getSuperclass() != null) {
                todo.add(next.getSuperclass());
                found.add(next.getSuperclass());
            }
            todo.addAll(List.of(next.getInterfaces()));
            found.addAll(List.of(next.getInterfaces()));
        }
        return found;
    }

    private static void add(
            SortedMap<String, TreeSet<String>> exposures, String signature, Class<?> named) {
        exposures.computeIfAbsent(signature, s -> new TreeSet<>()).add(named.getName());
    }

    private static boolean inLibrary(Class<?> type) {
        return type.getName().startsWith("dev.asyncdataset.");
    }
}
