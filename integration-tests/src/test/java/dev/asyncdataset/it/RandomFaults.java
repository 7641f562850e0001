package dev.asyncdataset.it;

import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A reproducible fault plan: the fault of each GET attempt is drawn from fixed rates with a random
 * generator seeded by (seed, key, attempt), so the same seed injects the same faults into the same
 * attempts whatever the order of the requests. Only the first {@code faultyAttempts} attempts of a
 * key can fail, which keeps every key within a retry budget of {@code faultyAttempts + 1}.
 */
final class RandomFaults implements FaultInjectingBlobStore.Policy {

    private final long seed;
    private final int faultyAttempts;
    private final Map<Fault, Double> rates = new EnumMap<>(Fault.class);

    /**
     * @param seed the seed of the plan
     * @param faultyAttempts how many leading attempts of a key may fail
     */
    RandomFaults(long seed, int faultyAttempts) {
        this.seed = seed;
        this.faultyAttempts = faultyAttempts;
    }

    /**
     * A plan for epochs that read whole shards, one GET each, every attempt of which may fail: 15%
     * 503 SlowDown, 15% connections reset, 10% 500 InternalError and 15% truncated bodies; a
     * campaign adds the faults of its own store.
     *
     * @param seed the seed of the plan
     * @return the plan
     */
    static RandomFaults streamedShards(long seed) {
        return new RandomFaults(seed, Integer.MAX_VALUE)
                .rate(Fault.SLOW_DOWN, 0.15)
                .rate(Fault.RESET, 0.15)
                .rate(Fault.INTERNAL_ERROR, 0.10)
                .rate(Fault.TRUNCATE, 0.15);
    }

    /**
     * A plan for epochs that read items by ranged GETs, every attempt of which may fail: 8% 503
     * SlowDown, 4% 500 InternalError, 5% connections reset, 5% truncated and 5% corrupted bodies.
     *
     * @param seed the seed of the plan
     * @return the plan
     */
    static RandomFaults rangedItems(long seed) {
        return new RandomFaults(seed, Integer.MAX_VALUE)
                .rate(Fault.SLOW_DOWN, 0.08)
                .rate(Fault.INTERNAL_ERROR, 0.04)
                .rate(Fault.RESET, 0.05)
                .rate(Fault.TRUNCATE, 0.05)
                .rate(Fault.CORRUPT, 0.05);
    }

    /**
     * A plan for the PUTs of a write, every attempt of which may fail: 15% 503, 10% 500 and 15%
     * connections reset after the server took the request.
     *
     * @param seed the seed of the plan
     * @return the plan
     */
    static RandomFaults writes(long seed) {
        return new RandomFaults(seed, Integer.MAX_VALUE)
                .rate(Fault.SLOW_DOWN, 0.15)
                .rate(Fault.INTERNAL_ERROR, 0.10)
                .rate(Fault.RESET, 0.15);
    }

    /** Injects {@code fault} into a share {@code rate} (0 to 1) of the faulty attempts. */
    RandomFaults rate(Fault fault, double rate) {
        rates.put(fault, rate);
        double total = rates.values().stream().mapToDouble(Double::doubleValue).sum();
        if (total > 1) {
            throw new IllegalArgumentException("fault rates add up to more than 1: " + rates);
        }
        return this;
    }

    @Override
    public Fault onGet(String key, int attempt) {
        if (attempt > faultyAttempts) {
            return Fault.NONE;
        }
        long mixed = seed * 0x9E3779B97F4A7C15L + key.hashCode() * 1_000_003L + attempt;
        double draw = new SplittableRandom(mixed).nextDouble();
        for (Map.Entry<Fault, Double> rate : rates.entrySet()) {
            draw -= rate.getValue();
            if (draw < 0) {
                return rate.getKey();
            }
        }
        return Fault.NONE;
    }
}
