package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The folder-level back-edge rule on hand-made dependency maps. */
class FolderBackEdgesTest {

    @Test
    void anImportWhoseTargetImportsBackIntoTheImportersFolderIsFlagged() {
        assertBackEdges(
                Map.of(
                        "lib.internal", Set.of("lib.source", "lib.internal.shard"),
                        "lib.source", Set.of("lib.internal.shard"),
                        "lib.internal.shard", Set.of("lib.store")),
                "lib.internal -> lib.source -> lib.internal.shard (back into lib.internal)");
    }

    @Test
    void anImportBackIntoAFolderAboveTheImporterIsFlaggedForThatFolder() {
        assertBackEdges(
                Map.of(
                        "lib.source.tar", Set.of("lib.internal.shard"),
                        "lib.internal.shard", Set.of("lib.source"),
                        "lib.source", Set.of("lib.decode")),
                "lib.source.tar -> lib.internal.shard -> lib.source (back into lib.source)");
    }

    @Test
    void anImportBackIntoALeafPackageIsNoBackEdge() {
        assertBackEdges(
                Map.of(
                        "lib.internal.pipeline", Set.of("lib.decode", "lib.internal.decode"),
                        "lib.decode", Set.of("lib.internal.decode"),
                        "lib.internal.decode", Set.of("java.util")));
    }

    @Test
    void anImportBackIntoAPackageThatImportsTheLibraryIsStillFlagged() {
        assertBackEdges(
                Map.of(
                        "lib.internal.pipeline", Set.of("lib.decode"),
                        "lib.decode", Set.of("lib.internal.decode"),
                        "lib.internal.decode", Set.of("lib.store")),
                "lib.internal.pipeline -> lib.decode -> lib.internal.decode (back into"
                        + " lib.internal)");
    }

    @Test
    void packagesLayeredByFolderPass() {
        assertBackEdges(
                Map.of(
                        "lib", Set.of("lib.internal", "lib.source", "lib.source.tar"),
                        "lib.internal", Set.of("lib.source", "lib.internal.shard", "lib.epoch"),
                        "lib.source.tar",
                                Set.of("lib.source", "lib.source.s3", "lib.internal.shard"),
                        "lib.source.s3", Set.of("lib.source", "lib.internal.s3"),
                        "lib.internal.shard", Set.of("lib.internal.s3", "lib.store"),
                        "lib.source", Set.of("lib.decode")));
    }

    private static void assertBackEdges(Map<String, Set<String>> uses, String... expected) {
        assertEquals(List.of(expected), FolderBackEdges.of(uses, "lib"));
    }
}
