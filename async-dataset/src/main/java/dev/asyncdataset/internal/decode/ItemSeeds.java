package dev.asyncdataset.internal.decode;

import java.util.Random;
import java.util.SplittableRandom;

/**
 * The generator of the item being decoded on each thread, which the loader installs around each
 * item's decode and pipeline and {@code ItemRandom.current()} hands to random transforms.
 */
public final class ItemSeeds {

    private static final ThreadLocal<Random> CURRENT = new ThreadLocal<>();

    private ItemSeeds() {}

    /**
     * Returns the generator installed on this thread.
     *
     * @return the generator, or {@code null} outside {@link #with}
     */
    public static Random current() {
        return CURRENT.get();
    }

    /**
     * Runs {@code body} with the generator of item {@code index} of {@code epoch} installed.
     *
     * @param seed the loader's seed
     * @param epoch the epoch, counted from 0
     * @param index the item index
     * @param body what to run
     * @param <R> the result type
     * @param <E> the exception type of {@code body}
     * @return what {@code body} returned
     * @throws E what {@code body} threw
     */
    public static <R, E extends Exception> R with(
            long seed, long epoch, long index, ThrowingSupplier<R, E> body) throws E {
        Random previous = CURRENT.get();
        CURRENT.set(new Random(mix(seed, epoch, index)));
        try {
            return body.get();
        } finally {
            CURRENT.set(previous);
        }
    }

    /**
     * Derives one well-spread 64-bit seed from (seed, epoch, index).
     *
     * @param seed the loader's seed
     * @param epoch the epoch
     * @param index the item index
     * @return the item's seed
     */
    public static long mix(long seed, long epoch, long index) {
        long s = new SplittableRandom(seed).split().nextLong() ^ epoch * 0x9E3779B97F4A7C15L;
        return new SplittableRandom(s).split().nextLong() ^ index * 0xC2B2AE3D27D4EB4FL;
    }

    /**
     * A supplier that may throw.
     *
     * @param <R> the result type
     * @param <E> the exception type
     */
    @FunctionalInterface
    public interface ThrowingSupplier<R, E extends Exception> {

        /**
         * Computes the result.
         *
         * @return the result
         * @throws E on failure
         */
        R get() throws E;
    }
}
