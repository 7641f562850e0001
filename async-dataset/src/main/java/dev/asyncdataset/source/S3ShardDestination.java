package dev.asyncdataset.source;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * An S3 prefix as the output of a {@link ShardWriter}: a shard is a multipart upload ({@link
 * S3MultipartUpload}), visible once completed; indexes and the classes file are single PUTs, which
 * S3 makes visible whole. Every request is retried within the options' retry budget.
 */
final class S3ShardDestination implements ShardDestination {

    private final S3AsyncClient client;
    private final S3Location location;
    private final Retrier retrier;
    private final Duration pageTimeout;
    private final int partBytes;

    S3ShardDestination(S3SourceBuilder options, S3Location location, int partBytes) {
        this.client = options.client();
        this.location = location;
        this.retrier = options.retrier();
        this.pageTimeout = options.pageTimeout();
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
                                                        .contentLength((long) bytes.length),
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
