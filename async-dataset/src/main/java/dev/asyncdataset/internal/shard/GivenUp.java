package dev.asyncdataset.internal.shard;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.Retrier;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Callable;

/** Turns a retried read that outlasted its budget into a bad item naming the object. */
final class GivenUp {

    private GivenUp() {}

    /**
     * Runs {@code read}, a call through a {@link Retrier}: its {@link Retrier.GaveUp} becomes a
     * {@link BadItemException} naming {@code url}, caused by it ({@link StoredShards#isOutage}), an
     * interrupt an {@link InterruptedIOException}.
     */
    static <T> T badItem(String url, Callable<T> read) throws IOException {
        try {
            return read.call();
        } catch (Retrier.GaveUp e) {
            throw new BadItemException(url, e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(url + ": interrupted");
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(url + ": " + e.getMessage(), e);
        }
    }
}
