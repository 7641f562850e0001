package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoreOptions;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A wrong secret or a missing bucket fails each source that lists {@code s3://} ({@code
 * FolderSource}, {@code TarShardSource}) at once, as the {@link RequestRejected} it is, naming the
 * location: not retried for the retry budget, not a bad item.
 */
class S3ListingRejectedIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    /** Opens a source of the prefix {@code url} with the test access key and {@code secret}. */
    @FunctionalInterface
    interface Opener {
        ItemSource<?> open(String url, String secret) throws Exception;
    }

    @BeforeAll
    static void upload() {
        S3.upload(
                "present",
                "",
                Map.of("shards/a.tar", new byte[1024], "images/c/a.jpg", new byte[1]));
    }

    static Stream<Arguments> sourcesAndFailures() {
        Map<String, Opener> sources =
                Map.of(
                        "FolderSource",
                        (url, secret) ->
                                FolderSource.builder()
                                        .setLocation(url + "images/")
                                        .optStore(options(secret))
                                        .build(),
                        "TarShardSource",
                        (url, secret) ->
                                TarShardSource.builder()
                                        .setLocation(url + "shards/")
                                        .optStore(options(secret))
                                        .build());
        return sources.entrySet().stream()
                .flatMap(
                        s ->
                                Stream.of(true, false)
                                        .map(
                                                wrong ->
                                                        Arguments.of(
                                                                s.getKey(), s.getValue(), wrong)));
    }

    private static StoreOptions options(String secret) {
        return StoreOptions.builder()
                .optS3(S3.s3Options().optCredentials(S3ProxyServer.ACCESS_KEY, secret).build())
                .build();
    }

    @ParameterizedTest(name = "{0}, wrong secret {2}")
    @MethodSource("sourcesAndFailures")
    void aWrongSecretOrAMissingBucketIsRejectedAtOnceNamingTheLocation(
            String name, Opener opener, boolean wrongSecret) {
        String url = wrongSecret ? "s3://present/" : "s3://no-such-bucket/";
        String secret = (wrongSecret ? "not-" : "") + S3ProxyServer.SECRET_KEY;
        long start = System.nanoTime();
        Exception e =
                assertThrows(
                        Exception.class,
                        () -> {
                            try (ItemSource<?> source = opener.open(url, secret)) {
                                source.prepare(null);
                            }
                        });
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 10_000, name + " failed after " + millis + " ms");
        RequestRejected rejected = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertTrue(!(t instanceof BadItemException), name + ": " + e);
            rejected = t instanceof RequestRejected r ? r : rejected;
        }
        assertTrue(rejected != null, name + ": " + e);
        assertTrue(rejected.getMessage().contains(url), rejected.getMessage());
    }
}
