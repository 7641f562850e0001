package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.Requests;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.ObjectOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * The writes of an {@link S3ObjectStore}, on the asynchronous client, every request retried within
 * the retry budget: an object streamed is a multipart upload ({@link S3Upload}), visible once
 * completed; one written whole is a single PUT with its CRC32, which S3 makes visible whole; the
 * multipart uploads a killed writer left open are aborted.
 *
 * @param clients the clients, of which the asynchronous one is used
 * @param retrier the retries of every request
 * @param partBytes the part size of the multipart uploads
 */
record S3Writes(S3Clients clients, Retrier retrier, int partBytes) {

    ObjectOutput create(String url) throws IOException {
        S3ObjectStore.Key at = S3ObjectStore.Key.of(url);
        BucketPrefix bucket = new BucketPrefix(at.bucket(), "");
        return S3Upload.start(clients.async(), bucket, at.key(), retrier, partBytes);
    }

    void put(String url, byte[] bytes) throws IOException {
        request(
                url,
                (client, at) ->
                        client.putObject(
                                r ->
                                        r.bucket(at.bucket())
                                                .key(at.key())
                                                .contentLength((long) bytes.length)
                                                .checksumCRC32(S3Upload.crc32(bytes, bytes.length)),
                                AsyncRequestBody.fromBytes(bytes)));
    }

    void delete(String url) throws IOException {
        request(url, (client, at) -> client.deleteObject(r -> r.bucket(at.bucket()).key(at.key())));
    }

    /** Sends the request {@code send} makes about the object at {@code url}, retried. */
    private <T> T request(
            String url, BiFunction<S3AsyncClient, S3ObjectStore.Key, CompletableFuture<T>> send)
            throws IOException {
        S3ObjectStore.Key at = S3ObjectStore.Key.of(url);
        S3AsyncClient client = clients.async();
        return Requests.call(retrier, url, () -> Requests.await(send.apply(client, at)));
    }

    /**
     * Aborts the open multipart uploads directly under {@code prefix} of names {@code ours} takes.
     */
    int dropUnfinished(String prefix, Predicate<String> ours) throws IOException {
        BucketPrefix location = BucketPrefix.parse(prefix);
        S3AsyncClient client = clients.async();
        int aborted = 0;
        for (MultipartUpload upload : openUploads(client, location)) {
            String name = upload.key().substring(location.prefix().length());
            if (name.indexOf('/') < 0 && ours.test(name)) {
                Requests.call(
                        retrier,
                        location.url(upload.key()) + " (upload " + upload.uploadId() + ", abort)",
                        () ->
                                Requests.await(
                                        client.abortMultipartUpload(
                                                r ->
                                                        r.bucket(location.bucket())
                                                                .key(upload.key())
                                                                .uploadId(upload.uploadId()))));
                aborted++;
            }
        }
        return aborted;
    }

    /** The multipart uploads open under the prefix, page by page. */
    private List<MultipartUpload> openUploads(S3AsyncClient client, BucketPrefix location)
            throws IOException {
        List<MultipartUpload> uploads = new ArrayList<>();
        ListMultipartUploadsResponse page = null;
        do {
            ListMultipartUploadsResponse previous = page;
            page =
                    Requests.call(
                            retrier,
                            location.url("") + " (multipart uploads)",
                            () ->
                                    Requests.await(
                                            client.listMultipartUploads(
                                                    r -> {
                                                        r.bucket(location.bucket())
                                                                .prefix(location.prefix());
                                                        if (previous != null) {
                                                            r.keyMarker(previous.nextKeyMarker())
                                                                    .uploadIdMarker(
                                                                            previous
                                                                                    .nextUploadIdMarker());
                                                        }
                                                    })));
            uploads.addAll(page.uploads());
        } while (Boolean.TRUE.equals(page.isTruncated()));
        return uploads;
    }
}
