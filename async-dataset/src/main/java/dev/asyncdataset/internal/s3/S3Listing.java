package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.RequestRejected;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Lists the objects under a bucket prefix and reads small objects such as manifests. */
public final class S3Listing {

    private S3Listing() {}

    /**
     * Lists every object under the prefix, handing each page to {@code pages}. Pages are requested
     * one after the other, each retried on its own from its continuation token.
     */
    public static void forEach(
            S3AsyncClient client,
            BucketPrefix location,
            Retrier retrier,
            Duration pageTimeout,
            Consumer<List<S3Object>> pages)
            throws Exception {
        String token = null;
        do {
            String from = token;
            ListObjectsV2Response page =
                    retrier.call(location.url(""), () -> page(client, location, from, pageTimeout));
            pages.accept(page.contents());
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
    }

    /**
     * One LIST page; a page not answered within {@code timeout} is a transient failure, the SDK's
     * failures are sorted as a GET's are ({@link S3ObjectStore#failure}), a 404 being a missing
     * bucket.
     */
    private static ListObjectsV2Response page(
            S3AsyncClient client, BucketPrefix location, String token, Duration timeout)
            throws Exception {
        CompletableFuture<ListObjectsV2Response> page =
                client.listObjectsV2(
                        r ->
                                r.bucket(location.bucket())
                                        .prefix(location.prefix())
                                        .continuationToken(token));
        String url = location.url(location.prefix());
        try {
            return page.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            if (S3Errors.unwrap(e) instanceof SdkException sdk) {
                throw S3Errors.isNotFound(sdk)
                        ? new RequestRejected(url + ": no such bucket")
                        : S3ObjectStore.failure(url, sdk);
            }
            throw e;
        } catch (TimeoutException e) {
            throw new SocketTimeoutException(url + ": no LIST page within " + timeout);
        } finally {
            page.cancel(true);
        }
    }

    /** Reads a whole object as UTF-8 text. */
    public static String read(S3AsyncClient client, String bucket, String key) throws Exception {
        return client.getObject(r -> r.bucket(bucket).key(key), AsyncResponseTransformer.toBytes())
                .get()
                .asString(StandardCharsets.UTF_8);
    }
}
