package dev.asyncdataset.internal.store.hf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.store.RequestRejected;
import org.junit.jupiter.api.Test;

class HubLocationTest {

    private static final String HUB = "https://hub.example";

    @Test
    void aLocationWithoutRevisionIsOnMain() throws RequestRejected {
        assertEquals(
                new HubLocation("org", "name", "main", "data/train.parquet"),
                HubLocation.parse("hf://datasets/org/name/data/train.parquet"));
        assertEquals(
                new HubLocation("org", "name", "main", ""),
                HubLocation.parse("hf://datasets/org/name"));
    }

    @Test
    void theConversionBranchIsReadWrittenAsItIsOrEncoded() throws RequestRejected {
        HubLocation expected =
                new HubLocation("org", "name", "refs/convert/parquet", "default/train/");
        assertEquals(
                expected,
                HubLocation.parse("hf://datasets/org/name@refs/convert/parquet/default/train/"));
        assertEquals(
                expected,
                HubLocation.parse(
                        "hf://datasets/org/name@refs%2Fconvert%2Fparquet/default/train/"));
        assertEquals(
                new HubLocation("org", "name", "refs/pr/3", ""),
                HubLocation.parse("hf://datasets/org/name@refs/pr/3"));
    }

    @Test
    void aCommitOrBranchIsOneSegment() throws RequestRejected {
        assertEquals(
                new HubLocation("org", "name", "a1b2c3", "x/y.parquet"),
                HubLocation.parse("hf://datasets/org/name@a1b2c3/x/y.parquet"));
    }

    @Test
    void theHubsUrlsEncodeTheRevisionAndEachSegment() throws RequestRejected {
        HubLocation at = HubLocation.parse("hf://datasets/org/name@refs/convert/parquet/a b/c.pq");
        assertEquals(
                HUB + "/datasets/org/name/resolve/refs%2Fconvert%2Fparquet/a%20b/c.pq",
                at.resolveUrl(HUB));
        HubLocation folder = HubLocation.parse("hf://datasets/org/name@v1/default/train/");
        assertEquals(HUB + "/api/datasets/org/name/tree/v1/default/train", folder.treeUrl(HUB));
        assertEquals(
                HUB + "/api/datasets/org/name/tree/main",
                HubLocation.parse("hf://datasets/org/name/").treeUrl(HUB));
    }

    @Test
    void aLocationThatNamesNoDatasetIsRefusedNamingIt() {
        for (String bad :
                new String[] {
                    "hf://models/org/name/x", "hf://datasets/org", "hf://datasets/org/@main/x"
                }) {
            RequestRejected e = assertThrows(RequestRejected.class, () -> HubLocation.parse(bad));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }
}
