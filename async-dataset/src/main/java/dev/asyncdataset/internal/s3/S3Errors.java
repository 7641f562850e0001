package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.RequestRejected;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;

/** Sorts S3 failures into missing objects, transient failures and the rest. */
public final class S3Errors {

    private S3Errors() {}

    /** Strips the wrappers a future adds around the real failure. */
    static Throwable unwrap(Throwable error) {
        return Retrier.unwrap(error);
    }

    /** True for a 404: the key does not exist. */
    static boolean isNotFound(Throwable error) {
        return unwrap(error) instanceof SdkServiceException e && e.statusCode() == 404;
    }

    /**
     * True for failures that may pass: 5xx (503 SlowDown included), 429 and throttling, timeouts,
     * I/O errors such as connection resets and truncated bodies, and bodies that fail their
     * checksum; not an answer already sorted as final ({@link RequestRejected}).
     */
    public static boolean isTransient(Throwable error) {
        Throwable e = unwrap(error);
        if (badItem(e) != null || e instanceof RequestRejected) {
            return false;
        }
        if (S3Integrity.isMismatch(e)) {
            return true;
        }
        if (e instanceof SdkServiceException service) {
            return service.statusCode() >= 500
                    || service.statusCode() == 429
                    || service.isThrottlingException();
        }
        if (e instanceof ApiCallAttemptTimeoutException || e instanceof ApiCallTimeoutException) {
            return true;
        }
        if (e instanceof SdkClientException || e instanceof IOException) {
            return hasIoCause(e);
        }
        return false;
    }

    /** The bad item among the causes of {@code error} (the SDK wraps it), or null. */
    static BadItemException badItem(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof BadItemException bad) {
                return bad;
            }
        }
        return null;
    }

    private static boolean hasIoCause(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof IOException || e instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }
}
