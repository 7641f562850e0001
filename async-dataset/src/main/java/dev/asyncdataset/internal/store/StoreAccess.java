package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3ClientOptions;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreSettings;
import java.util.function.Predicate;

/**
 * How a source reaches its store: the store-neutral options, whose attempts, retry budget and
 * timeouts apply to every store, and S3's settings, for the {@code s3} store only.
 *
 * @param store the attempts, retry budget, timeouts and authorization
 * @param s3 the S3 client's settings, with the attempts, budget and timeouts of {@code store}
 */
public record StoreAccess(StoreOptions store, S3Settings s3) {

    /**
     * The access of a source given the S3 options {@code s3}, the store-neutral options {@code
     * store} (null: those of {@code s3}) and an {@code Authorization} value (null: that of the
     * store-neutral options).
     */
    public static StoreAccess of(S3ClientOptions s3, StoreOptions store, String authorization) {
        StoreOptions neutral = store != null ? store : s3.store();
        if (authorization != null) {
            neutral = neutral.toBuilder().optAuthorization(() -> authorization).build();
        }
        return new StoreAccess(neutral, S3Settings.of(s3, neutral, neutral.maxObjectBytes()));
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
