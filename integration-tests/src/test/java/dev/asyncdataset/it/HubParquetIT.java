package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.store.hf.HubStore;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.Stores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet files of the Hub's image layout, read from a private dataset of the tests' imitation of
 * the Hugging Face Hub ({@link HubServer}) through its automatic conversion branch, give the rows a
 * folder of the same files gives; the token goes to the Hub only, never to its CDN; a pinned commit
 * keeps its files after {@code main} moves on; a refused token is named; random access reads byte
 * ranges only, and a file's size comes from the Hub's listing, not a request to the CDN. The store
 * is registered under schemes of this test's own, as a user points it at a mirror.
 */
class HubParquetIT {

    private static final String TOKEN = "hf_test_token_7f3a";
    private static final String CONVERTED = "@refs/convert/parquet/default/train/";

    @RegisterExtension static final HubServer HUB = new HubServer(TOKEN, 2);

    @TempDir static Path dir;
    private static Map<String, byte[]> files;

    /** The Hub layout's files, committed to the conversion branch and kept as a folder. */
    @BeforeAll
    static void commitFiles() throws Exception {
        files = ParquetStoresIT.write(dir.resolve("images"), dir.resolve("pq"));
        HUB.commit(
                "org/images",
                "refs/convert/parquet",
                Map.of(
                        "default/train/0000.parquet", files.get("a.parquet"),
                        "default/train/0001.parquet", files.get("b.parquet"),
                        "default/train/README.txt", files.get("README.txt"),
                        "default/validation/0000.parquet", files.get("b.parquet")));
        register("hubtest", TOKEN);
        register("hubwrong", "hf_not_the_token");
        Stores.register(
                "hubnone",
                settings ->
                        HubStore.builder()
                                .setSettings(settings)
                                .optEndpoint(HUB.endpoint())
                                .build());
    }

    private static void register(String scheme, String token) {
        Stores.register(
                scheme,
                settings ->
                        HubStore.builder()
                                .setSettings(settings)
                                .optEndpoint(HUB.endpoint())
                                .optToken(token)
                                .build());
    }

    @Test
    void theConversionBranchGlobGivesEveryRowOnceAsTheFolderOfTheSameFilesDoes() throws Exception {
        List<String> expected = ParquetStoresIT.rows(folder(Map.of("0000", "a", "0001", "b")));
        List<String> rows =
                ParquetStoresIT.rows(
                        ParquetSource.builder()
                                .setLocation(
                                        "hubtest://datasets/org/images" + CONVERTED + "*.parquet"));
        assertEquals(expected, rows);
        assertEquals(rows.size(), new HashSet<>(rows).size(), "a row read twice");
    }

    @Test
    void theTokenReachesTheHubOnEveryRequestAndNeverTheCdn() throws Exception {
        HUB.clearRequests();
        ParquetStoresIT.rows(
                ParquetSource.builder().setLocation("hubtest://datasets/org/images" + CONVERTED));
        List<String> hub = HUB.hubAuthorizations();
        assertFalse(hub.isEmpty(), "no request reached the Hub");
        assertEquals(List.of("Bearer " + TOKEN), hub.stream().distinct().toList());
        List<HubServer.Seen> cdn = HUB.cdnRequests();
        assertFalse(cdn.isEmpty(), "no request reached the CDN");
        for (HubServer.Seen request : cdn) {
            assertFalse(request.headers().containsKey("authorization"), request.toString());
            assertFalse(request.headers().toString().contains(TOKEN), request.toString());
        }
    }

    @Test
    void randomAccessReadsByteRangesOfTheFilesAtTheCdnNeverAWholeFile() throws Exception {
        HUB.clearRequests();
        ParquetStoresIT.rows(
                ParquetSource.builder()
                        .setLocation("hubtest://datasets/org/images" + CONVERTED + "0001.parquet"));
        List<HubServer.Seen> requests = HUB.cdnRequests();
        assertFalse(requests.isEmpty(), "no request reached the CDN");
        for (HubServer.Seen request : requests) {
            assertEquals("GET", request.method(), "the size comes from the Hub's listing");
            assertTrue(request.headers().containsKey("range"), "a whole-file GET: " + request);
        }
    }

    @Test
    void aPinnedCommitListsAndReadsItsFilesAfterMainMovedOn() throws Exception {
        String pinned =
                HUB.commit(
                        "org/pinned", "main", Map.of("data/0000.parquet", files.get("a.parquet")));
        HUB.commit(
                "org/pinned",
                "main",
                Map.of(
                        "data/0000.parquet", files.get("b.parquet"),
                        "data/0001.parquet", files.get("a.parquet")));
        assertEquals(
                ParquetStoresIT.rows(folder(Map.of("0000", "a"))),
                ParquetStoresIT.rows(
                        ParquetSource.builder()
                                .setLocation(
                                        "hubtest://datasets/org/pinned@" + pinned + "/data/")));
        assertEquals(
                ParquetStoresIT.rows(folder(Map.of("0000", "b", "0001", "a"))),
                ParquetStoresIT.rows(
                        ParquetSource.builder()
                                .setLocation("hubtest://datasets/org/pinned/data/")));
    }

    @Test
    void aRefusedOrMissingTokenIsNamedWithTheDatasetAndNeverShown() {
        String path = "://datasets/org/images" + CONVERTED;
        String refused = failure("hubwrong" + path);
        assertTrue(refused.contains("org/images") && refused.contains("refused"), refused);
        assertFalse(refused.contains("hf_not_the_token"), refused);
        String missing = failure("hubnone" + path);
        assertTrue(missing.contains("org/images") && missing.contains("needs a token"), missing);
    }

    @Test
    void aMissingFileIsNamedWithItsPathAndRevision() {
        String message = failure("hubtest://datasets/org/images" + CONVERTED + "9999.parquet");
        assertTrue(message.contains("default/train/9999.parquet"), message);
        assertTrue(message.contains("refs/convert/parquet"), message);
    }

    @Test
    void aMissingDatasetIsSaidToBeMissingAndAMissingFolderIsNamed() {
        String dataset = failure("hubtest://datasets/org/nothing" + CONVERTED + "*.parquet");
        assertTrue(dataset.contains("there is no dataset org/nothing on the Hub"), dataset);
        String folder =
                failure("hubtest://datasets/org/images@refs%2Fconvert%2Fparquet/default/x/");
        assertTrue(folder.contains("has no folder default/x"), folder);
    }

    @Test
    void aHubNotReachedIsNamedWithItsAddressAndTheVariableSettingIt() throws Exception {
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        for (String endpoint :
                List.of("http://no-such-host.invalid", "http://127.0.0.1:" + closed)) {
            String scheme = "hubgone" + Math.abs(endpoint.hashCode());
            Stores.register(
                    scheme,
                    settings ->
                            HubStore.builder().setSettings(settings).optEndpoint(endpoint).build());
            String message = failure(scheme + "://datasets/org/images" + CONVERTED + "*.parquet");
            assertTrue(message.contains(endpoint), message);
            assertTrue(message.contains("HF_ENDPOINT"), message);
        }
    }

    @Test
    void oneBuildListsTheFolderOnce() throws Exception {
        HUB.clearRequests();
        ParquetSource.builder()
                .setLocation("hubtest://datasets/org/images" + CONVERTED + "*.parquet")
                .build()
                .close();
        List<String> firstPages =
                HUB.listings().stream().filter(u -> !u.contains("cursor=")).toList();
        assertEquals(1, firstPages.size(), HUB.listings().toString());
    }

    @Test
    void theTokenOfTheSourcesAuthorizationReadsAStoreGivenNone() throws Exception {
        assertEquals(
                ParquetStoresIT.rows(folder(Map.of("0000", "b"))),
                ParquetStoresIT.rows(
                        ParquetSource.builder()
                                .setLocation(
                                        "hubnone://datasets/org/images@refs%2Fconvert%2Fparquet"
                                                + "/default/validation/0000.parquet")
                                .optStore(
                                        StoreOptions.builder()
                                                .optAuthorization(() -> "Bearer " + TOKEN)
                                                .build())));
    }

    /** The message of the failure to open a source of {@code url}, with its causes'. */
    private static String failure(String url) {
        Exception e =
                assertThrows(
                        Exception.class,
                        () -> ParquetStoresIT.rows(ParquetSource.builder().setLocation(url)));
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t).append('\n');
        }
        return messages.toString();
    }

    /**
     * A source of a local folder holding, by name, the fixture files named {@code a} or {@code b}.
     */
    private static ParquetSource folder(Map<String, String> names) throws Exception {
        Path folder = Files.createTempDirectory(dir, "folder");
        for (Map.Entry<String, String> name : names.entrySet()) {
            Files.write(
                    folder.resolve(name.getKey() + ".parquet"),
                    files.get(name.getValue() + ".parquet"));
        }
        return ParquetSource.builder().setLocation(folder + "/");
    }
}
