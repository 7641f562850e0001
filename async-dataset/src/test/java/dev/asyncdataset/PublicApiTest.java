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
        List<String> named = new ArrayList<>();
        exposures.forEach((signature, types) -> named.add(signature + "\n    names " + types));
        assertEquals(List.of(), named, "public signatures naming types users cannot use");
    }

    private static List<Class<?>> publicTypes() {
        return ApiListing.publicTypes(
                Path.of("target", "classes"), PublicApiTest.class.getClassLoader());
    }
}
