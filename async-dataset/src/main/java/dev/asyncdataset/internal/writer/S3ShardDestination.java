package dev.asyncdataset.internal.writer;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.S3Listing;
import dev.asyncdataset.internal.s3.S3Requests;
import dev.asyncdataset.internal.s3.S3Settings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * An S3 prefix as the output of a {@code ShardWriter}: a shard is a multipart upload ({@link
 * S3MultipartUpload}), visible once completed; indexes and the classes file are single PUTs, which
 * S3 makes visible whole. Every request is retried within the settings' retry budget.
 */
public final class S3ShardDestination implements ShardDestination {

    private final S3AsyncClient client;
    private final BucketPrefix location;
    private final Retrier retrier;
    private final Duration pageTimeout;
    private final int partBytes;

    /**
     * @param s3 the client, retries and timeouts
     * @param location the output prefix
     * @param partBytes the part size of the multipart uploads
     */
    public S3ShardDestination(S3Settings s3, BucketPrefix location, int partBytes) {
        this.client = s3.asyncClient();
        this.location = location;
        this.retrier = s3.retrier();
        this.pageTimeout = s3.pageTimeout();
        this.partBytes = partBytes;
    }

    @Override
    public Pending create(String name) throws IOException {
        return S3MultipartUpload.start(client, location, key(name), retrier, partBytes);
    }

    @Override
    public void put(String name, byte[] bytes) throws IOException {
        S3Requests.call(
                retrier,
                locate(name),
                () ->
                        S3Requests.await(
                                client.putObject(
                                        r ->
                                                r.bucket(location.bucket())
                                                        .key(key(name))
                                                        .contentLength((long) bytes.length)
                                                        .checksumCRC32(
                                                                S3MultipartUpload.crc32(
                                                                        bytes, bytes.length)),
                                        AsyncRequestBody.fromBytes(bytes))));
    }

    /** The names of the objects directly under the prefix (not in its sub-folders). */
    @Override
    public List<String> list() throws IOException {
        List<String> names = new ArrayList<>();
        int from = location.prefix().length();
        S3Requests.named(
                locate(""),
                () -> {
                    S3Listing.forEach(
                            client,
                            location,
                            retrier,
                            pageTimeout,
                            page ->
                                    page.stream()
                                            .map(o -> o.key().substring(from))
                                            .filter(name -> name.indexOf('/') < 0)
                                            .forEach(names::add));
                    return names;
                });
        return names;
    }

    /** Aborts the open multipart uploads of the names {@code ours} accepts. */
    @Override
    public int dropUnfinished(Predicate<String> ours) throws IOException {
        int aborted = 0;
        for (MultipartUpload upload : openUploads()) {
            String name = upload.key().substring(location.prefix().length());
            if (ours.test(name)) {
                S3Requests.call(
                        retrier,
                        locate(name) + " (upload " + upload.uploadId() + ", abort)",
                        () ->
                                S3Requests.await(
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
    private List<MultipartUpload> openUploads() throws IOException {
        List<MultipartUpload> uploads = new ArrayList<>();
        ListMultipartUploadsResponse page = null;
        do {
            ListMultipartUploadsResponse previous = page;
            page =
                    S3Requests.call(
                            retrier,
                            locate("") + " (multipart uploads)",
                            () ->
                                    S3Requests.await(
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

    @Override
    public void delete(String name) throws IOException {
        S3Requests.call(
                retrier,
                locate(name),
                () ->
                        S3Requests.await(
                                client.deleteObject(
                                        r -> r.bucket(location.bucket()).key(key(name)))));
    }

    @Override
    public String locate(String name) {
        return location.url(key(name));
    }

    private String key(String name) {
        return location.prefix() + name;
    }

    @Override
    public long retries() {
        return retrier.retryCount();
    }

    /** Closes the S3 client. */
    @Override
    public void close() {
        client.close();
    }
}
