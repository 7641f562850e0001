package dev.asyncdataset.source;

import dev.asyncdataset.decode.BadItemException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumMode;

/**
 * One GET attempt of one object: the body within the size limit and the phase timeouts of {@link
 * S3Body}, checked against the store's checksum ({@link S3Integrity}) unless checking is off.
 * Counts the bodies that failed their checksum.
 */
final class S3Reader {

    private final S3AsyncClient client;
    private final S3Location location;
    private final long maxObjectBytes;
    private final Duration firstByteTimeout;
    private final Duration idleTimeout;
    private final boolean verify;
    private final LongAdder integrityFailures = new LongAdder();

    S3Reader(
            S3AsyncClient client,
            S3Location location,
            long maxObjectBytes,
            Duration firstByteTimeout,
            Duration idleTimeout,
            boolean verify) {
        this.client = client;
        this.location = location;
        this.maxObjectBytes = maxObjectBytes;
        this.firstByteTimeout = firstByteTimeout;
        this.idleTimeout = idleTimeout;
        this.verify = verify;
    }

    /**
     * GETs {@code key} once; a missing key or an object over the limit is a bad item. The body's
     * own future decides: a phase timeout ends the attempt even while the SDK still waits, and
     * cancelling the SDK's future then aborts the request. A complete body is left to the SDK,
     * which returns its connection to the pool.
     */
    byte[] get(String key) throws Exception {
        String url = location.url(key);
        S3Body body = new S3Body(url, maxObjectBytes, firstByteTimeout, idleTimeout);
        CompletableFuture<S3Body.Result> response =
                client.getObject(
                        r -> {
                            r.bucket(location.bucket()).key(key);
                            if (verify) {
                                r.checksumMode(ChecksumMode.ENABLED);
                            }
                        },
                        body);
        try {
            S3Body.Result result = response.applyToEither(body.result(), r -> r).get();
            if (verify) {
                S3Integrity.check(url, result.response(), result.bytes());
            }
            return result.bytes();
        } catch (Exception e) {
            response.cancel(true);
            BadItemException bad = S3Errors.badItem(e);
            if (bad != null) {
                throw bad;
            }
            if (S3Errors.isNotFound(e)) {
                throw new BadItemException(url, "no such key", S3Errors.unwrap(e));
            }
            if (S3Integrity.isMismatch(e)) {
                integrityFailures.increment();
            }
            throw e;
        }
    }

    long integrityFailures() {
        return integrityFailures.sum();
    }
}
