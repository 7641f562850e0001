package dev.asyncdataset.examples.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What {@link WriteShards} says of the stores whose requests it retried: their own schemes. */
class WriteShardsTest {

    @Test
    void theRetriesAreNamedAfterTheStoresReadAndWritten() {
        assertEquals("az://", WriteShards.stores("az://c/images/", "az://c/shards/"));
        assertEquals("s3:// and az://", WriteShards.stores("s3://b/images/", "az://c/shards/"));
        assertEquals(
                "the file system and hf://",
                WriteShards.stores("data/images", "hf://datasets/org/name/shards/"));
    }
}
