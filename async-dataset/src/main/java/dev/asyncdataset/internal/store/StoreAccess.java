package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreSettings;
import java.util.function.Predicate;

/**
 * How a source reaches its store: the store options, whose attempts, retry budget and timeouts
 * apply to every store, S3's settings made from them, for the {@code s3} store only, and the part
 * size of a writer's uploads, for a store that uploads in parts.
 *
 * @param store the attempts, retry budget, timeouts and authorization
 * @param s3 the S3 client's settings, with the attempts, budget and timeouts of {@code store}
 * @param partBytes the part size of a writer's multipart uploads, or 0 for a reader
 */
public record StoreAccess(StoreOptions store, S3Settings s3, int partBytes) {

    /** The access of a source given the store options {@code store}. */
    public static StoreAccess of(StoreOptions store) {
        return new StoreAccess(store, S3Settings.of(store, store.maxObjectBytes()), 0);
    }

    /** The access of a writer given {@code store}, uploading in parts of {@code partBytes}. */
    public static StoreAccess forWriting(StoreOptions store, int partBytes) {
        if (partBytes < 1) {
            throw new IllegalArgumentException("partBytes < 1: " + partBytes);
        }
        return new StoreAccess(store, S3Settings.of(store, store.maxObjectBytes()), partBytes);
    }

    /** The settings an object store is opened with; asks for the authorization once. */
    public StoreSettings settings() {
        return new StoreSettings(
                store.connectTimeout(), store.firstByteTimeout(), store.authorization().get());
    }

    /** A retrier with the store-neutral attempts and budget, for a store's transient failures. */
    public Retrier retrier(Predicate<Throwable> isTransient) {
        return new Retrier(
                store.maxAttempts(),
                store.retryBudget(),
                Retrier.BASE_DELAY,
                Retrier.MAX_DELAY,
                isTransient);
    }

    /** The options, without the authorization or the credentials. */
    @Override
    public String toString() {
        return "StoreAccess[" + store + ", " + s3 + ", partBytes=" + partBytes + "]";
    }
}
