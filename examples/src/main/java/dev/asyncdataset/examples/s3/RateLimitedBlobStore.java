package dev.asyncdataset.examples.s3;

import java.util.concurrent.atomic.LongAdder;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An S3Proxy blob-store middleware that limits GETs to a rate, as Amazon S3 limits the GETs of one
 * prefix (about 5,500 a second): a GET above the rate is answered 503 SlowDown at once, and
 * counted. A token bucket decides: {@code getsPerSecond} tokens a second, at most a tenth of a
 * second's worth saved up, so a burst after a quiet spell passes only briefly. Other requests pass
 * unlimited. The rate can be changed while serving; 0 turns the limit off.
 */
public final class RateLimitedBlobStore extends ForwardingBlobStore {

    private volatile GetRateLimit limit;
    private final LongAdder slowDowns = new LongAdder();
    private final LongAdder served = new LongAdder();
    private final LongAdder bytesServed = new LongAdder();

    /**
     * Wraps {@code delegate}.
     *
     * @param delegate the store that serves the admitted requests
     * @param getsPerSecond the most GETs a second, 0 for no limit
     */
    public RateLimitedBlobStore(BlobStore delegate, int getsPerSecond) {
        super(delegate);
        setGetsPerSecond(getsPerSecond);
    }

    /**
     * Sets the most GETs a second, with a fresh (full) bucket.
     *
     * @param getsPerSecond the rate, 0 for no limit
     * @throws IllegalArgumentException if {@code getsPerSecond} is negative
     */
    public void setGetsPerSecond(int getsPerSecond) {
        if (getsPerSecond < 0) {
            throw new IllegalArgumentException("getsPerSecond < 0: " + getsPerSecond);
        }
        limit =
                getsPerSecond == 0
                        ? null
                        : new GetRateLimit(
                                getsPerSecond, Math.max(1, getsPerSecond / 10), System::nanoTime);
    }

    /**
     * Returns the GETs answered 503 SlowDown so far.
     *
     * @return the count
     */
    public long slowDowns() {
        return slowDowns.sum();
    }

    /**
     * Returns the GETs served (not refused) so far.
     *
     * @return the count
     */
    public long served() {
        return served.sum();
    }

    /**
     * Returns the body bytes of the GETs served so far.
     *
     * @return the sum of their Content-Lengths
     */
    public long bytesServed() {
        return bytesServed.sum();
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        GetRateLimit current = limit;
        if (current != null && !current.tryTake()) {
            slowDowns.increment();
            throw slowDown();
        }
        ResponseInputStream<GetObjectResponse> response = super.getBlob(request);
        served.increment();
        Long length = response.response().contentLength();
        bytesServed.add(length == null ? 0 : length);
        return response;
    }

    private static S3Exception slowDown() {
        AwsErrorDetails details =
                AwsErrorDetails.builder()
                        .errorCode("SlowDown")
                        .errorMessage("Please reduce your request rate.")
                        .serviceName("S3")
                        .build();
        return (S3Exception) S3Exception.builder().statusCode(503).awsErrorDetails(details).build();
    }
}
