package dev.asyncdataset.internal.store.azure;

import com.azure.storage.blob.models.BlobStorageException;
import dev.asyncdataset.store.RequestRejected;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import reactor.core.Exceptions;

/**
 * Sorts the SDK's failures as the seam asks: a 4xx answer other than 408 and 429 (a missing blob or
 * container, a refused range, a denied request) will not change and is a {@link RequestRejected};
 * every other failure (a 5xx answer, a reset, a timeout) is an {@link IOException} to retry. The
 * message names the blob's URL, the status and the service's error code, never a credential.
 */
final class AzureErrors {

    private AzureErrors() {}

    /** The status of {@code error}'s answer, or 0 if it has none. */
    static int status(Throwable error) {
        return unwrap(error) instanceof BlobStorageException e ? e.getStatusCode() : 0;
    }

    /** {@code error}, from a request about {@code shown}, as the seam's failure. */
    static IOException of(String shown, Throwable error) {
        Throwable e = unwrap(error);
        if (e instanceof BlobStorageException answer) {
            int status = answer.getStatusCode();
            String message = shown + ": Azure " + status + " " + answer.getErrorCode();
            if (status >= 400 && status < 500 && status != 408 && status != 429) {
                RequestRejected rejected = new RequestRejected(message);
                rejected.initCause(answer);
                return rejected;
            }
            return new IOException(message, answer);
        }
        return new IOException(shown + ": " + e, e);
    }

    /** A failure of a body while it was read: retried, like a cut connection. */
    static IOException ofBody(String shown, Throwable error) {
        return of(shown + " (body)", error);
    }

    private static Throwable unwrap(Throwable error) {
        Throwable e = Exceptions.unwrap(error);
        while ((e instanceof ExecutionException || e instanceof CompletionException)
                && e.getCause() != null) {
            e = Exceptions.unwrap(e.getCause());
        }
        return e;
    }
}
