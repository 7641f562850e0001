package dev.asyncdataset;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The folder-level back-edges of a package dependency map: a package P imports Q, a folder A (P
 * itself or a package above it, below the library's root) holds P but not Q, and Q imports a
 * package inside A. Such a pair is a cycle between folders that no cycle between packages shows, as
 * {@code internal -> source -> internal.shard} was. A leaf R, which imports no package of the
 * library, closes no cycle: like a library of its own, any folder may import it.
 */
final class FolderBackEdges {

    private FolderBackEdges() {}

    /**
     * Returns each back-edge of {@code uses} as {@code "P -> Q -> R (back into A)"}, sorted.
     *
     * @param uses each package and the packages it imports
     * @param root the library's root package, which is no folder of its own here
     * @return the back-edges, empty if the packages are layered by folder
     */
    static List<String> of(Map<String, Set<String>> uses, String root) {
        List<String> found = new ArrayList<>();
        new TreeMap<>(uses)
                .forEach(
                        (from, targets) -> {
                            for (String to : new TreeSet<>(targets)) {
                                for (String folder : folders(from, root)) {
                                    if (!inside(to, folder)) {
                                        found.addAll(backInto(uses, from, to, folder, root));
                                    }
                                }
                            }
                        });
        return found;
    }

    private static List<String> backInto(
            Map<String, Set<String>> uses, String from, String to, String folder, String root) {
        return new TreeSet<>(uses.getOrDefault(to, Set.of()))
                .stream()
                        .filter(back -> inside(back, folder) && !leaf(uses, back, root))
                        .map(
                                back ->
                                        from
                                                + " -> "
                                                + to
                                                + " -> "
                                                + back
                                                + " (back into "
                                                + folder
                                                + ")")
                        .toList();
    }

    /** Whether {@code pkg} imports no package of the library. */
    private static boolean leaf(Map<String, Set<String>> uses, String pkg, String root) {
        return uses.getOrDefault(pkg, Set.of()).stream().noneMatch(to -> inside(to, root));
    }

    /** {@code pkg} and the packages above it, up to but without {@code root}. */
    private static List<String> folders(String pkg, String root) {
        List<String> folders = new ArrayList<>();
        for (String folder = pkg;
                inside(folder, root) && !folder.equals(root);
                folder = folder.substring(0, folder.lastIndexOf('.'))) {
            folders.add(folder);
        }
        return folders;
    }

    private static boolean inside(String pkg, String folder) {
        return pkg.equals(folder) || pkg.startsWith(folder + ".");
    }
}
