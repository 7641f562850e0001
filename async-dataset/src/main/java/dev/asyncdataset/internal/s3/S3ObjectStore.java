package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.ConditionalReads;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.io.ObjectChanged;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.io.UnfinishedWrites;
import dev.asyncdataset.internal.io.WholePuts;
import dev.asyncdataset.store.ChecksumMismatch;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * S3 and S3-compatible stores, {@code s3://bucket/key}: a prefix lists its direct children (pages
 * retried one by one), a stat is a {@code HEAD} on the blocking client, a read a {@code GET} signed
 * and sent on that client's HTTP client without the SDK's per-request pipeline ({@link SignedGets})
 * whose body streams from the response; the first-byte timeout (or the request timeout, if shorter)
 * bounds a request up to its response headers, and the library's read-idle and request timeouts the
 * body after them. A whole object is read with checksum mode on, and the body's {@link
 * StoredBody.Checksum} checks it against its additional checksum or, without one, the ETag's MD5
 * ({@link S3Integrity}); the rest of a resumed read is a ranged GET with {@code If-Match} on the
 * ETag, so that the pieces come from one version of the object. It writes as {@link S3Writes} does:
 * an object streamed is a multipart upload, aborted unless completed.
 */
public final class S3ObjectStore
        implements WritableStore, ConditionalReads, WholePuts, UnfinishedWrites {

    /** The part size of the multipart uploads unless the constructor is given one: 8 MiB. */
    public static final int DEFAULT_PART_BYTES = 8 << 20;

    private final S3Settings settings;
    private final S3Clients clients;
    private final S3Writes writes;
    private final Retrier lists;
    private final AwsRequestOverrideConfiguration firstByte;

    /** A store with these settings; its clients are built when first needed. */
    public S3ObjectStore(S3Settings settings) {
        this(settings, settings.retrier(), DEFAULT_PART_BYTES);
    }

    /**
     * A store with these settings whose LIST pages are retried, and counted, by {@code lists}: the
     * retrier of the source that reads it, whose other requests it retries too.
     */
    public S3ObjectStore(S3Settings settings, Retrier lists) {
        this(settings, settings.retrier(), lists, DEFAULT_PART_BYTES);
    }

    /**
     * A store with these settings whose writes and LIST pages are retried by {@code writes} and
     * whose writes are uploaded in parts of {@code partBytes}.
     */
    public S3ObjectStore(S3Settings settings, Retrier writes, int partBytes) {
        this(settings, writes, writes, partBytes);
    }

    private S3ObjectStore(S3Settings settings, Retrier writes, Retrier lists, int partBytes) {
        this.settings = settings;
        this.lists = lists;
        this.clients = settings.clients();
        this.writes = new S3Writes(clients, writes, partBytes);
        this.firstByte =
                AwsRequestOverrideConfiguration.builder()
                        .apiCallAttemptTimeout(settings.headersTimeout())
                        .build();
    }

    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        return list(prefix, false);
    }

    @Override
    public List<StoredObject> listAll(String prefix) throws IOException {
        return list(prefix, true);
    }

    /** The objects under {@code prefix}: at any depth when {@code nested}, else directly. */
    private List<StoredObject> list(String prefix, boolean nested) throws IOException {
        BucketPrefix at = BucketPrefix.parse(prefix);
        List<StoredObject> children = new ArrayList<>();
        try {
            S3Listing.forEach(
                    clients.async(),
                    at,
                    lists,
                    settings.pageTimeout(),
                    page ->
                            page.stream()
                                    .filter(o -> nested || isChild(o.key(), at))
                                    .forEach(
                                            o ->
                                                    children.add(
                                                            new StoredObject(
                                                                    at.url(o.key()),
                                                                    o.size(),
                                                                    o.eTag()))));
        } catch (Retrier.GaveUp e) {
            throw new IOException("cannot list " + prefix + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("cannot list " + prefix + ": interrupted");
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("cannot list " + prefix + ": " + e.getMessage(), e);
        }
        children.sort(Comparator.comparing(StoredObject::url));
        return children;
    }

    private static boolean isChild(String key, BucketPrefix at) {
        return key.indexOf('/', at.prefix().length()) < 0;
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        Key key = Key.of(url);
        try {
            HeadObjectResponse head =
                    clients.sync()
                            .headObject(
                                    r ->
                                            r.bucket(key.bucket())
                                                    .key(key.key())
                                                    .overrideConfiguration(firstByte));
            return new StoredObject(url, head.contentLength(), head.eTag());
        } catch (SdkException e) {
            if (S3Errors.isNotFound(e)) {
                return null;
            }
            throw failure(url, e);
        }
    }

    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        return openIfMatch(url, offset, length, null);
    }

    @Override
    public StoredBody openIfMatch(String url, long offset, long length, String identity)
            throws IOException {
        Key key = Key.of(url);
        boolean whole = length < 0;
        GetObjectRequest.Builder request =
                GetObjectRequest.builder()
                        .bucket(key.bucket())
                        .key(key.key())
                        .ifMatch(identity)
                        .overrideConfiguration(firstByte);
        if (!whole) {
            request.range(range(offset, offset + length));
        } else if (settings.verifyChecksums()) {
            request.checksumMode(ChecksumMode.ENABLED);
        }
        ResponseInputStream<GetObjectResponse> response;
        try {
            response = clients.gets().open(request.build());
        } catch (SdkException e) {
            throw failure(url, e);
        }
        GetObjectResponse headers = response.response();
        StoredBody.Checksum checksum =
                whole && settings.verifyChecksums()
                        ? (bytes, n) -> md5(url, headers, bytes, n)
                        : null;
        long announced = headers.contentLength() == null ? -1 : headers.contentLength();
        return new StoredBody(new S3Stream(url, response), headers.eTag(), checksum, announced);
    }

    /**
     * Returns the Range header value of bytes {@code [from, to)}.
     *
     * @param from the first byte
     * @param to the byte after the last
     * @return {@code bytes=from-(to-1)}
     */
    public static String range(long from, long to) {
        return "bytes=" + from + "-" + (to - 1);
    }

    private static void md5(String url, GetObjectResponse headers, byte[] bytes, int length)
            throws ChecksumMismatch {
        try {
            S3Integrity.check(url, headers, bytes, length);
        } catch (IntegrityException e) {
            throw new ChecksumMismatch(e.getMessage());
        } catch (IOException e) {
            throw new IllegalStateException("the MD5 check only fails with a mismatch", e);
        }
    }

    /**
     * Sorts an SDK failure: a changed ETag, a missing key (a bad item), no response headers within
     * the first-byte timeout, a checksum mismatch, a transient failure, an interrupt, or an answer
     * that will not change.
     */
    static IOException failure(String url, SdkException e) {
        String message = url + ": " + S3Errors.unwrap(e).getMessage();
        if (e instanceof SdkServiceException s && s.statusCode() == 412) {
            return new ObjectChanged(message);
        }
        if (S3Errors.isNotFound(e)) {
            return new RequestRejected(url + ": no such key");
        }
        if (e instanceof ApiCallAttemptTimeoutException) {
            return (IOException) new SocketTimeoutException(message).initCause(e);
        }
        if (S3Integrity.isMismatch(e)) {
            return new ChecksumMismatch(message);
        }
        if (S3Errors.isTransient(e)) {
            return new IOException(message, e);
        }
        if (e instanceof AbortedException || Thread.currentThread().isInterrupted()) {
            return (IOException) new InterruptedIOException(message).initCause(e);
        }
        return (IOException) new RequestRejected(message).initCause(e);
    }

    @Override
    public ObjectOutput create(String url) throws IOException {
        return writes.create(url);
    }

    /** A single PUT with the bytes' CRC32. */
    @Override
    public void put(String url, byte[] bytes) throws IOException {
        writes.put(url, bytes);
    }

    @Override
    public void delete(String url) throws IOException {
        writes.delete(url);
    }

    /** Aborts the open multipart uploads of the names. */
    @Override
    public int dropUnfinished(String prefix, Predicate<String> ours) throws IOException {
        return writes.dropUnfinished(prefix, ours);
    }

    @Override
    public void close() {
        clients.close();
    }

    /** The bucket and key of an object's URL. */
    record Key(String bucket, String key) {

        static Key of(String url) {
            BucketPrefix at = BucketPrefix.parse(url);
            String key = at.prefix();
            return new Key(at.bucket(), key.substring(0, key.length() - 1));
        }
    }
}
