package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/** Checks the sample examples' tests share. */
final class Samples {

    /** The size the tests' shards are closed at: small, so that 16 samples fill several shards. */
    static final long SHARD_BYTES = 16L << 10;

    private Samples() {}

    /**
     * Writes the loose samples of {@code loose} as tar shards of {@link #SHARD_BYTES} into {@code
     * shards} and returns the samples of those shards, keeping every source opened.
     */
    static OpenedSources shards(Path loose, Path shards) throws IOException {
        SampleStorage.writeShards(loose, shards, SHARD_BYTES);
        return new OpenedSources(SampleSources.shards(shards.toString(), null));
    }

    /**
     * Asserts that every source {@code samples} opened, at least one, read tar shards, at least 3
     * of them, holding {@code count} samples.
     */
    static void assertReadFromShards(OpenedSources samples, long count) {
        assertFalse(samples.opened().isEmpty(), "no source opened");
        for (ItemSource<Sample> source : samples.opened()) {
            ShardedSource<?> shards = assertInstanceOf(ShardedSource.class, source);
            int shardCount = shards.shardSizes().length;
            assertTrue(shardCount >= 3, shardCount + " shards");
            assertEquals(count, shards.size(), "samples in the shards");
        }
    }

    /**
     * Asserts that a loss was recorded for each of {@code epochs} epochs, is finite, and ended
     * below {@code fraction} of the first epoch's.
     */
    static void assertLossFalls(float[] loss, int epochs, float fraction) {
        String curve = "loss per epoch " + Arrays.toString(loss);
        assertEquals(epochs, loss.length, curve);
        for (float value : loss) {
            assertTrue(Float.isFinite(value), curve);
        }
        assertTrue(loss[epochs - 1] < loss[0] * fraction, curve);
    }

    /** The first batch of an epoch of {@code dataset}, in {@code manager}; the caller closes it. */
    static Batch firstBatch(Dataset dataset, NDManager manager)
            throws IOException, TranslateException {
        return dataset.getData(manager).iterator().next();
    }
}
