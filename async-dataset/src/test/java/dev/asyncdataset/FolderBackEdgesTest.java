package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The folder-level back-edge rule on hand-made dependency maps. */
class FolderBackEdgesTest {

    private static final String LIB = "lib";

    @Test
    void anImportWhoseTargetImportsBackIntoTheImportersFolderIsFlagged() {
        Map<String, Set<String>> uses =
                Map.of(
                        "lib.internal", Set.of("lib.source", "lib.internal.shard"),
                        "lib.source", Set.of("lib.internal.shard"),
                        "lib.internal.shard", Set.of());
        assertEquals(
                List.of(
                        "lib.internal -> lib.source -> lib.internal.shard (back into"
                                + " lib.internal)"),
                FolderBackEdges.of(uses, LIB));
    }

    @Test
    void aPackageImportedBackFromOutsideAFolderAboveItIsFlaggedForThatFolder() {
        Map<String, Set<String>> uses =
                Map.of(
                        "lib.source.tar", Set.of("lib.internal.shard"),
                        "lib.internal.shard", Set.of("lib.source"),
                        "lib.source", Set.of());
        assertEquals(
                List.of(
                        "lib.source.tar -> lib.internal.shard -> lib.source (back into"
                                + " lib.source)"),
                FolderBackEdges.of(uses, LIB));
    }

    @Test
    void packagesLayeredByFolderPass() {
        Map<String, Set<String>> uses =
                Map.of(
                        "lib", Set.of("lib.internal", "lib.source", "lib.source.tar"),
                        "lib.internal", Set.of("lib.source", "lib.internal.shard", "lib.epoch"),
                        "lib.source.tar",
                                Set.of("lib.source", "lib.source.s3", "lib.internal.shard"),
                        "lib.source.s3", Set.of("lib.source", "lib.internal.s3"),
                        "lib.internal.shard", Set.of("lib.internal.s3", "lib.store"),
                        "lib.source", Set.of("lib.decode"));
        assertEquals(List.of(), FolderBackEdges.of(uses, LIB));
    }
}
