package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;

/** The number of shards of a source built from shards, read through {@link ShardedSource}. */
final class ShardCounts {

    private ShardCounts() {}

    /** Returns the shards of {@code source}, failing the test if it is not sharded. */
    static int of(ItemSource<?> source) {
        return assertInstanceOf(ShardedSource.class, source).shardSizes().length;
    }
}
