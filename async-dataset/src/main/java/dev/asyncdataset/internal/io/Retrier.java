package dev.asyncdataset.internal.io;

import dev.asyncdataset.internal.events.LoaderEvents;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * Runs a call again while it fails with a transient error, within a budget of attempts and of time,
 * sleeping between attempts with exponential backoff and full jitter: before retry {@code n}
 * (1-based) it sleeps a uniformly random time in {@code [0, min(maxDelay, baseDelay * 2^(n-1))]},
 * cut to what is left of the time budget. No attempt starts once the time budget is spent, so a
 * call that never succeeds gives up at most one attempt's duration after the budget. Meant for
 * virtual threads, where sleeping is cheap. Counts retries across all threads.
 *
 * <p>Until one call has succeeded, a refused connection, an unknown host or a failed TLS handshake
 * ({@link Unreachable}) is thrown at once as a configuration error; after that, they are retried
 * like any transient failure, so that a store restarting mid-epoch does not end the epoch. A
 * connection closed before any answer is one too when the store's {@link TlsProbe} finds that its
 * TLS handshake fails. Use one retrier per store.
 *
 * <p>A call still retrying after {@link Outage#WARN_AFTER} logs one warning, and the next success
 * one line, per outage of the store ({@link Outage}).
 */
public final class Retrier {

    /** The ceiling of the first backoff, doubled on each retry. */
    public static final Duration BASE_DELAY = Duration.ofMillis(50);

    /** The longest backoff. */
    public static final Duration MAX_DELAY = Duration.ofSeconds(5);

    private final int maxAttempts;
    private final long budgetNanos;
    private final long baseDelayNanos;
    private final long maxDelayNanos;
    private final Predicate<Throwable> isTransient;
    private final TlsProbe tls;
    private final LongAdder retries = new LongAdder();
    private final Outage outage = new Outage();
    private volatile boolean answered;

    /** A retrier that asks no endpoint about a closed connection ({@link TlsProbe#NONE}). */
    public Retrier(
            int maxAttempts,
            Duration budget,
            Duration baseDelay,
            Duration maxDelay,
            Predicate<Throwable> isTransient) {
        this(maxAttempts, budget, baseDelay, maxDelay, isTransient, TlsProbe.NONE);
    }

    /** A retrier that asks {@code tls} what a connection closed at first contact meant. */
    public Retrier(
            int maxAttempts,
            Duration budget,
            Duration baseDelay,
            Duration maxDelay,
            Predicate<Throwable> isTransient,
            TlsProbe tls) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts < 1: " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
        this.budgetNanos = budget.toNanos();
        this.baseDelayNanos = baseDelay.toNanos();
        this.maxDelayNanos = maxDelay.toNanos();
        this.isTransient = isTransient;
        this.tls = tls;
    }

    /**
     * Calls {@code call} until it succeeds or fails with a non-transient error (thrown as is), or
     * its budget is spent: then throws {@link GaveUp} with the last error as its cause. Each retry
     * is recorded as a {@code Retry} event naming {@code what}.
     *
     * @param what the request, for the events: a key, a URL or a listing
     */
    public <T> T call(String what, Callable<T> call) throws Exception {
        long start = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                T result = call.call();
                answered = true;
                outage.answered();
                return result;
            } catch (Exception e) {
                String unreachable = answered ? null : Unreachable.reason(e, tls);
                if (unreachable != null) {
                    throw new IOException(
                            what
                                    + ": "
                                    + unreachable
                                    + " before the store ever answered; check the endpoint,"
                                    + " host and scheme (not retried)",
                            unwrap(e));
                }
                if (!isTransient.test(e)) {
                    throw e;
                }
                if (Thread.interrupted()) {
                    throw interrupted(what, e);
                }
                long left = budgetNanos - (System.nanoTime() - start);
                if (attempt >= maxAttempts || left <= 0) {
                    throw new GaveUp(attempt, System.nanoTime() - start, e);
                }
                retries.increment();
                outage.retrying(what, attempt, System.nanoTime() - start, e);
                long backoff = Math.min(left, backoffNanos(attempt));
                LoaderEvents.Retry.emit(what, attempt, e, backoff);
                Thread.sleep(Duration.ofNanos(backoff));
            }
        }
    }

    /** A call cut by its thread's interrupt (a cancelled fetch) is not a retry. */
    private static InterruptedException interrupted(String what, Exception cause) {
        InterruptedException e = new InterruptedException(what + ": interrupted");
        e.addSuppressed(cause);
        return e;
    }

    /** The sleep before retry {@code attempt}: full jitter over the capped exponential. */
    long backoffNanos(int attempt) {
        long ceiling = baseDelayNanos << Math.min(attempt - 1, 30);
        if (ceiling <= 0 || ceiling > maxDelayNanos) {
            ceiling = maxDelayNanos;
        }
        return ThreadLocalRandom.current().nextLong(ceiling + 1);
    }

    /** How many retries this retrier made so far, over all threads. */
    public long retryCount() {
        return retries.sum();
    }

    /** Strips the wrappers a future adds around the real failure. */
    public static Throwable unwrap(Throwable error) {
        Throwable e = error;
        while ((e instanceof CompletionException || e instanceof ExecutionException)
                && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    /** A transient failure that outlasted the budget; the cause is the last attempt's error. */
    public static final class GaveUp extends Exception {

        GaveUp(int attempts, long nanos, Exception last) {
            super(
                    "still failing after "
                            + (attempts == 1 ? "1 attempt" : attempts + " attempts")
                            + " in "
                            + nanos / 1_000_000
                            + " ms: "
                            + unwrap(last),
                    unwrap(last));
        }
    }
}
