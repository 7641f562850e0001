package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreSettings;
import java.util.function.Predicate;

/**
 * How a source reaches its store: the store options, whose attempts, retry budget and timeouts
 * apply to every store, and S3's settings made from them, for the {@code s3} store only.
 *
 * @param store the attempts, retry budget, timeouts and authorization
 * @param s3 the S3 client's settings, with the attempts, budget and timeouts of {@code store}
 */
public record StoreAccess(StoreOptions store, S3Settings s3) {

    /** The access of a source given the store options {@code store}. */
    public static StoreAccess of(StoreOptions store) {
        return new StoreAccess(store, S3Settings.of(store, store.maxObjectBytes()));
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
        return "StoreAccess[" + store + ", " + s3 + "]";
    }
}
