package dev.asyncdataset.source;

import ai.djl.util.Progress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Lists the items of a bucket prefix and reads small objects such as manifests. */
final class S3Listing {

    private S3Listing() {}

    /**
     * Lists {@code prefix/<class>/<file>} keys with DJL's image extensions, grouped by class;
     * nested keys and hidden names are skipped. Pages are requested one after the other, each
     * retried on its own from its continuation token, so a failed page costs one page, not the
     * listing so far.
     */
    static LabeledKeys folderLayout(
            S3AsyncClient client,
            S3Location location,
            Retrier retrier,
            Duration pageTimeout,
            Progress progress)
            throws Exception {
        SortedMap<String, List<String>> byClass = new TreeMap<>();
        if (progress != null) {
            progress.reset("Listing " + location.url(location.prefix()), 1);
        }
        long[] keys = {0};
        forEach(
                client,
                location,
                retrier,
                pageTimeout,
                page -> {
                    for (S3Object object : page) {
                        add(byClass, object.key().substring(location.prefix().length()));
                    }
                    keys[0] += page.size();
                    if (progress != null) {
                        progress.update(0, keys[0] + " keys");
                    }
                });
        if (progress != null) {
            progress.end();
        }
        if (byClass.isEmpty()) {
            throw new IllegalArgumentException(
                    "no <class>/<image> keys under " + location.url(location.prefix()));
        }
        return LabeledKeys.ofClasses(byClass);
    }

    /**
     * Lists every object under the prefix, handing each page to {@code pages}. Pages are requested
     * one after the other, each retried on its own from its continuation token.
     */
    static void forEach(
            S3AsyncClient client,
            S3Location location,
            Retrier retrier,
            Duration pageTimeout,
            Consumer<List<S3Object>> pages)
            throws Exception {
        String token = null;
        do {
            String from = token;
            ListObjectsV2Response page =
                    retrier.call(() -> page(client, location, from, pageTimeout));
            pages.accept(page.contents());
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
    }

    /** One LIST page; a page not answered within {@code timeout} is a transient failure. */
    private static ListObjectsV2Response page(
            S3AsyncClient client, S3Location location, String token, Duration timeout)
            throws Exception {
        CompletableFuture<ListObjectsV2Response> page =
                client.listObjectsV2(
                        r ->
                                r.bucket(location.bucket())
                                        .prefix(location.prefix())
                                        .continuationToken(token));
        try {
            return page.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new SocketTimeoutException(
                    location.url(location.prefix()) + ": no LIST page within " + timeout);
        } finally {
            page.cancel(true);
        }
    }

    private static void add(SortedMap<String, List<String>> byClass, String relativeKey) {
        int slash = relativeKey.indexOf('/');
        if (slash <= 0 || relativeKey.indexOf('/', slash + 1) >= 0) {
            return;
        }
        String className = relativeKey.substring(0, slash);
        if (!className.startsWith(".")
                && LabeledKeys.isImageName(relativeKey.substring(slash + 1))) {
            byClass.computeIfAbsent(className, c -> new ArrayList<>()).add(relativeKey);
        }
    }

    /** Reads a whole object as UTF-8 text. */
    static String read(S3AsyncClient client, String bucket, String key) throws Exception {
        return client.getObject(r -> r.bucket(bucket).key(key), AsyncResponseTransformer.toBytes())
                .get()
                .asString(StandardCharsets.UTF_8);
    }
}
