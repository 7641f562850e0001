package dev.asyncdataset.it;

import static java.lang.Integer.parseInt;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.ObjectStorageClass;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * An S3Proxy blob-store middleware that counts GETs at the server side and injects faults into them
 * as a {@link Policy} decides: a 503 SlowDown, a 500, a body cut short of its Content-Length, a bit
 * flipped, a stall before the headers or midway, a slow drip, or a connection reset mid-body (done
 * by a {@link ResetProxy} in front); fails a share of LIST requests with 503 SlowDown, and the
 * multipart-upload part PUTs a {@link PartPolicy} picks with 500. Everything else passes through.
 */
public final class FaultInjectingBlobStore extends ForwardingBlobStore {

    /** What to do with one GET. */
    public enum Fault {
        /** Serve it. */
        NONE,
        /** Answer 503 SlowDown. */
        SLOW_DOWN,
        /** Answer 500 InternalError. */
        INTERNAL_ERROR,
        /** Answer 403 AccessDenied: a denied request, which no retry changes. */
        FORBIDDEN,
        /** Send the headers with the full Content-Length, then only half of the body. */
        TRUNCATE,
        /** Wait {@link #STALL_MILLIS} before serving, as an overloaded server does. */
        STALL,
        /** Send the whole body with one bit flipped: right length, wrong bytes. */
        CORRUPT,
        /** Send half of the body, then nothing for {@link #STALL_MILLIS}, then the rest. */
        STALL_MIDWAY,
        /**
         * Send the body slowly: {@link FaultyBodies#DRIP_CHUNK} bytes every {@link
         * #DRIP_GAP_MILLIS}.
         */
        DRIP,
        /**
         * Reset the connection after half of the body. The response is served whole with a {@link
         * ResetProxy#MARKER} header; the {@link ResetProxy} in front of the server does the reset,
         * so a client that bypasses it gets the whole body.
         */
        RESET
    }

    /** The user metadata that becomes the {@link ResetProxy#MARKER} header. */
    private static final String RESET_METADATA = "inject-reset-after";

    /** How long a {@link Fault#STALL} holds a GET; longer than any request timeout in tests. */
    public static final long STALL_MILLIS = 4_000;

    /** The gap between the chunks of a {@link Fault#DRIP}: 4 KB every 160 ms is 25 KB/s. */
    public static final long DRIP_GAP_MILLIS = 160;

    /** Decides the fault for the {@code attempt}-th GET (1-based) of {@code key}. */
    @FunctionalInterface
    public interface Policy {
        Fault onGet(String key, int attempt);
    }

    /**
     * Decides whether the {@code attempt}-th PUT (1-based) of part {@code part} of {@code key}
     * fails.
     */
    @FunctionalInterface
    public interface PartPolicy {
        boolean fails(String key, int part, int attempt);
    }

    private volatile Policy policy = (key, attempt) -> Fault.NONE;
    private volatile PartPolicy partPolicy = (key, part, attempt) -> false;
    private final Map<String, AtomicInteger> putsPerPart = new ConcurrentHashMap<>();
    private final LongAdder parts = new LongAdder();
    private final LongAdder failedParts = new LongAdder();
    private volatile int listFailureEvery;
    private final Map<String, ListedKeys> listed = new ConcurrentHashMap<>();
    private final LongAdder lists = new LongAdder();
    private final LongAdder failedLists = new LongAdder();
    private final Map<String, AtomicInteger> getsPerKey = new ConcurrentHashMap<>();
    private final LongAdder gets = new LongAdder();
    private final Map<Fault, LongAdder> injected = new EnumMap<>(Fault.class);
    private final Map<String, List<String>> ranges = new ConcurrentHashMap<>();

    FaultInjectingBlobStore(BlobStore delegate) {
        super(delegate);
        for (Fault fault : Fault.values()) {
            injected.put(fault, new LongAdder());
        }
    }

    /** Replaces the policy and resets all counters. */
    public void setPolicy(Policy policy) {
        this.policy = policy;
        getsPerKey.clear();
        ranges.clear();
        gets.reset();
        injected.values().forEach(LongAdder::reset);
    }

    /**
     * From now on answers the multipart-upload part PUTs that {@code policy} picks with 500
     * InternalError (after reading their body); resets the part counters.
     */
    public void failParts(PartPolicy policy) {
        partPolicy = policy;
        putsPerPart.clear();
        parts.reset();
        failedParts.reset();
    }

    /** Part PUTs received since the last {@link #failParts}, and how many of them failed. */
    public long[] partCounts() {
        return new long[] {parts.sum(), failedParts.sum()};
    }

    @Override
    public UploadPartResponse uploadMultipartPart(
            MultipartUpload upload, UploadPartRequest request, InputStream body) {
        int attempt =
                putsPerPart
                        .computeIfAbsent(
                                request.key() + "#" + request.partNumber(),
                                k -> new AtomicInteger())
                        .incrementAndGet();
        parts.increment();
        if (partPolicy.fails(request.key(), request.partNumber(), attempt)) {
            failedParts.increment();
            try {
                body.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            throw error(500, "InternalError", "Please try again.");
        }
        return super.uploadMultipartPart(upload, request, body);
    }

    /** GETs received since the last {@link #setPolicy}, faulty ones included. */
    public long getCount() {
        return gets.sum();
    }

    /** The Range headers of the GETs of {@code key} since the last {@link #setPolicy}, in order. */
    public List<String> ranges(String key) {
        return List.copyOf(ranges.getOrDefault(key, List.of()));
    }

    /** GETs answered with {@code fault} since the last {@link #setPolicy}. */
    public long injectedCount(Fault fault) {
        return injected.get(fault).sum();
    }

    /** GETs answered with any fault since the last {@link #setPolicy}. */
    public long injectedFaults() {
        return getCount() - injectedCount(Fault.NONE);
    }

    /**
     * From now on answers every {@code every}-th LIST request with 503 SlowDown (0: none); resets
     * the LIST counters.
     */
    public void failLists(int every) {
        listFailureEvery = every;
        lists.reset();
        failedLists.reset();
    }

    /** LIST requests received since the last {@link #failLists}, and how many of them failed. */
    public long[] listCounts() {
        return new long[] {lists.sum(), failedLists.sum()};
    }

    /**
     * Makes {@code bucket} list {@code keys} in pages of {@code pageSize}, served by this layer
     * (tiny objects, never read): a many-page listing without storing thousands of objects.
     */
    public void listedKeys(String bucket, List<String> keys, int pageSize) {
        if (!containerExists(bucket)) {
            createContainer(bucket);
        }
        listed.put(bucket, new ListedKeys(List.copyOf(keys), pageSize));
    }

    @Override
    public ListObjectsV2Response list(ListObjectsV2Request request) {
        lists.increment();
        if (listFailureEvery > 0 && lists.sum() % listFailureEvery == 0) {
            failedLists.increment();
            throw error(503, "SlowDown", "Please reduce your request rate.");
        }
        ListedKeys keys = listed.get(request.bucket());
        return keys == null ? super.list(request) : keys.page(request);
    }

    /** Keys served a page at a time; the continuation token is the index of the next key. */
    private record ListedKeys(List<String> keys, int pageSize) {
        ListObjectsV2Response page(ListObjectsV2Request request) {
            int from =
                    request.continuationToken() == null ? 0 : parseInt(request.continuationToken());
            int to = Math.min(keys.size(), from + pageSize);
            List<S3Object> contents = new ArrayList<>();
            for (String key : keys.subList(from, to)) {
                contents.add(
                        S3Object.builder()
                                .key(key)
                                .size(1L)
                                .lastModified(Instant.EPOCH)
                                .eTag("\"00000000000000000000000000000000\"")
                                .storageClass(ObjectStorageClass.STANDARD)
                                .build());
            }
            return ListObjectsV2Response.builder()
                    .name(request.bucket())
                    .prefix(request.prefix())
                    .maxKeys(pageSize)
                    .keyCount(contents.size())
                    .contents(contents)
                    .isTruncated(to < keys.size())
                    .continuationToken(request.continuationToken())
                    .nextContinuationToken(to < keys.size() ? Integer.toString(to) : null)
                    .build();
        }
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        int attempt =
                getsPerKey
                        .computeIfAbsent(request.key(), k -> new AtomicInteger())
                        .incrementAndGet();
        gets.increment();
        if (request.range() != null) {
            ranges.computeIfAbsent(request.key(), k -> new CopyOnWriteArrayList<>())
                    .add(request.range());
        }
        Fault fault = policy.onGet(request.key(), attempt);
        injected.get(fault).increment();
        return switch (fault) {
            case NONE -> super.getBlob(request);
            case SLOW_DOWN -> throw error(503, "SlowDown", "Please reduce your request rate.");
            case INTERNAL_ERROR -> throw error(500, "InternalError", "Please try again.");
            case FORBIDDEN -> throw error(403, "AccessDenied", "Access Denied.");
            case TRUNCATE -> FaultyBodies.truncated(super.getBlob(request));
            case CORRUPT -> FaultyBodies.corrupted(super.getBlob(request));
            case STALL_MIDWAY -> FaultyBodies.pausedMidway(super.getBlob(request), STALL_MILLIS);
            case DRIP -> FaultyBodies.dripping(super.getBlob(request), DRIP_GAP_MILLIS);
            case STALL -> stalled(request);
            case RESET -> markedForReset(super.getBlob(request));
        };
    }

    private static ResponseInputStream<GetObjectResponse> markedForReset(
            ResponseInputStream<GetObjectResponse> full) {
        Map<String, String> metadata = new HashMap<>(full.response().metadata());
        metadata.put(RESET_METADATA, Long.toString(full.response().contentLength() / 2));
        GetObjectResponse marked = full.response().toBuilder().metadata(metadata).build();
        return new ResponseInputStream<>(marked, AbortableInputStream.create(full));
    }

    private ResponseInputStream<GetObjectResponse> stalled(GetObjectRequest request) {
        try {
            Thread.sleep(STALL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return super.getBlob(request);
    }

    private static S3Exception error(int status, String code, String message) {
        AwsErrorDetails details =
                AwsErrorDetails.builder()
                        .errorCode(code)
                        .errorMessage(message)
                        .serviceName("S3")
                        .build();
        return (S3Exception)
                S3Exception.builder().statusCode(status).awsErrorDetails(details).build();
    }
}
