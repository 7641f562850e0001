package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The public API is what {@code api/async-dataset.api} lists, and no public signature names a type
 * users cannot use. A change to the API fails the build until the listing is regenerated with
 * {@value #UPDATE_COMMAND} and CHANGELOG.md's "Upgrading" part says what replaces what changed.
 */
class PublicApiTest {

    /** The command that writes the listing anew from the compiled classes. */
    static final String UPDATE_COMMAND =
            "./mvnw -B -pl async-dataset test -Dtest=PublicApiTest -Dapi.update=true";

    private static final Path LISTING = Path.of("api", "async-dataset.api");

    private static final List<String> PREAMBLE =
            List.of(
                    "# The public API of async-dataset: each public type of the exported packages"
                            + " (all but",
                    "# dev.asyncdataset.internal and those below it), its public members, and its"
                            + " protected ones where",
                    "# it can be subclassed. Written by PublicApiTest from the compiled classes;"
                            + " regenerate with",
                    "# " + UPDATE_COMMAND,
                    "");

    /**
     * Public signatures allowed to name an internal type until the change that removes it, each
     * with the reason; each must still occur, so that the list only shrinks.
     */
    private static final Map<String, String> ALLOWED_EXPOSURES =
            Map.of(
                    "public final class dev.asyncdataset.source.s3.S3Options implements"
                            + " dev.asyncdataset.internal.s3.S3ClientOptions",
                    "the stores' own settings replace S3ClientOptions",
                    "public final class dev.asyncdataset.source.parquet.ParquetSampleSource"
                            + " extends dev.asyncdataset.source.parquet.ParquetRows"
                            + "<dev.asyncdataset.sample.Sample>",
                    "the streamed view (StreamableShards, through ParquetRows) moves into the"
                            + " engine",
                    "public final class dev.asyncdataset.source.parquet.ParquetSource extends"
                            + " dev.asyncdataset.source.parquet.ParquetRows<java.nio.ByteBuffer>"
                            + " implements dev.asyncdataset.source.LabeledImageSource",
                    "the streamed view (StreamableShards, through ParquetRows) moves into the"
                            + " engine",
                    "public final class dev.asyncdataset.source.tar.TarSampleSource extends"
                        + " dev.asyncdataset.source.tar.TarSource<dev.asyncdataset.sample.Sample>",
                    "the streamed view (StreamableShards, through TarSource) moves into the engine",
                    "public final class dev.asyncdataset.source.tar.TarShardSource extends"
                        + " dev.asyncdataset.source.tar.TarSource<java.nio.ByteBuffer> implements"
                        + " dev.asyncdataset.source.LabeledImageSource",
                    "the streamed view (StreamableShards, through TarSource) moves into the"
                            + " engine",
                    "method public dev.asyncdataset.internal.shard.ShardEpoch"
                            + "<dev.asyncdataset.sample.Sample> streamedEpoch()",
                    "the loader's hook into the shard sources (StreamableShards) leaves the"
                            + " public types",
                    "method public dev.asyncdataset.internal.shard.ShardEpoch<java.nio.ByteBuffer>"
                            + " streamedEpoch()",
                    "the loader's hook into the shard sources (StreamableShards) leaves the"
                            + " public types");

    @Test
    void publicApiIsTheCommittedListing() throws IOException {
        List<String> now = new ArrayList<>(PREAMBLE);
        now.addAll(ApiListing.lines(publicTypes()));
        if (Boolean.getBoolean("api.update")) {
            Files.write(LISTING, now, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(LISTING), "no " + LISTING.toAbsolutePath() + "; " + UPDATE_COMMAND);
        String diff = LineDiff.of(Files.readAllLines(LISTING, StandardCharsets.UTF_8), now);
        if (!diff.isEmpty()) {
            fail(
                    "the public API differs from "
                            + LISTING
                            + " (- listed there, + compiled now):\n"
                            + diff
                            + "\nIf the change is meant: regenerate the listing with\n    "
                            + UPDATE_COMMAND
                            + "\nand say in CHANGELOG.md's Upgrading part what replaces each"
                            + " removed or changed line (a moved type or method keeps a"
                            + " deprecated forwarder for one release).");
        }
    }

    @Test
    void noPublicSignatureNamesATypeUsersCannotUse() {
        SortedMap<String, TreeSet<String>> exposures =
                ApiExposures.of(publicTypes(), ApiListing::isInternal);
        List<String> unexplained = new ArrayList<>();
        exposures.forEach(
                (signature, named) -> {
                    if (!ALLOWED_EXPOSURES.containsKey(signature)) {
                        unexplained.add(signature + "\n    names " + named);
                    }
                });
        assertEquals(List.of(), unexplained, "public signatures naming types users cannot use");
        List<String> stale = new ArrayList<>(ALLOWED_EXPOSURES.keySet());
        stale.removeAll(exposures.keySet());
        assertEquals(List.of(), stale, "allowed exposures that no longer occur: remove them");
    }

    private static List<Class<?>> publicTypes() {
        return ApiListing.publicTypes(
                Path.of("target", "classes"), PublicApiTest.class.getClassLoader());
    }
}
