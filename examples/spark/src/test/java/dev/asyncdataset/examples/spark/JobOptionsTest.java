package dev.asyncdataset.examples.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The job's command line: defaults, and errors that name the bad option and value. */
class JobOptionsTest {

    @Test
    void defaultsWriteShardsOfAFolder() {
        JobOptions options = JobOptions.parse("--input", "in", "--output", "out");
        assertEquals("images", options.inputFormat());
        assertEquals("shards", options.format());
        assertEquals(128L << 20, options.shardBytes());
        assertEquals(0, options.maxSide());
        assertEquals("snappy", options.compression());
    }

    @Test
    void badOptionsAreNamedWithTheirValue() {
        assertMessage(
                "unknown option --shards", "--input", "in", "--output", "out", "--shards", "1");
        assertMessage("--input is required", "--output", "out");
        assertMessage(
                "--format must be one of shards, parquet: tar",
                "--input",
                "in",
                "--output",
                "out",
                "--format",
                "tar");
        assertMessage(
                "--shard-mb must be an integer >= 1: 0",
                "--input",
                "in",
                "--output",
                "out",
                "--shard-mb",
                "0");
        assertMessage(
                "--output must be a folder, on a cluster one every executor and the driver share:"
                        + " s3://b/p",
                "--input",
                "in",
                "--output",
                "s3://b/p");
    }

    private static void assertMessage(String message, String... args) {
        assertEquals(
                message,
                assertThrows(IllegalArgumentException.class, () -> JobOptions.parse(args))
                        .getMessage());
    }
}
