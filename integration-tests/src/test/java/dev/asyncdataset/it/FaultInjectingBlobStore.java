package dev.asyncdataset.it;

import com.google.common.io.ByteStreams;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An S3Proxy blob-store middleware that counts GETs at the server side and injects faults into them
 * as a {@link Policy} decides: a 503 SlowDown, a 500, a body cut short of its Content-Length, a
 * stall, or a connection reset mid-body (done by a {@link ResetProxy} in front). Everything else
 * passes through.
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
        /** Send the headers with the full Content-Length, then only half of the body. */
        TRUNCATE,
        /** Wait {@link #STALL_MILLIS} before serving, as an overloaded server does. */
        STALL,
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

    /** Decides the fault for the {@code attempt}-th GET (1-based) of {@code key}. */
    @FunctionalInterface
    public interface Policy {
        Fault onGet(String key, int attempt);
    }

    private volatile Policy policy = (key, attempt) -> Fault.NONE;
    private final Map<String, AtomicInteger> getsPerKey = new ConcurrentHashMap<>();
    private final LongAdder gets = new LongAdder();
    private final Map<Fault, LongAdder> injected = new EnumMap<>(Fault.class);

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
        gets.reset();
        injected.values().forEach(LongAdder::reset);
    }

    /** GETs received since the last {@link #setPolicy}, faulty ones included. */
    public long getCount() {
        return gets.sum();
    }

    /** GETs answered with {@code fault} since the last {@link #setPolicy}. */
    public long injectedCount(Fault fault) {
        return injected.get(fault).sum();
    }

    /** GETs answered with any fault since the last {@link #setPolicy}. */
    public long injectedFaults() {
        return getCount() - injectedCount(Fault.NONE);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        int attempt =
                getsPerKey
                        .computeIfAbsent(request.key(), k -> new AtomicInteger())
                        .incrementAndGet();
        gets.increment();
        Fault fault = policy.onGet(request.key(), attempt);
        injected.get(fault).increment();
        return switch (fault) {
            case NONE -> super.getBlob(request);
            case SLOW_DOWN -> throw error(503, "SlowDown", "Please reduce your request rate.");
            case INTERNAL_ERROR -> throw error(500, "InternalError", "Please try again.");
            case TRUNCATE -> truncated(super.getBlob(request));
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

    private static ResponseInputStream<GetObjectResponse> truncated(
            ResponseInputStream<GetObjectResponse> full) {
        long half = full.response().contentLength() / 2;
        return new ResponseInputStream<>(
                full.response(), AbortableInputStream.create(ByteStreams.limit(full, half)));
    }
}
