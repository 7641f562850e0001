package dev.asyncdataset.store.azure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.store.RequestRejected;
import org.junit.jupiter.api.Test;

class AzureLocationTest {

    @Test
    void aUrlIsSplitIntoContainerAndNameAndListedNamesKeepTheScheme() throws Exception {
        AzureLocation prefix = AzureLocation.of("az://train/shards/");
        assertEquals("train", prefix.container());
        assertEquals("shards/", prefix.name());
        assertEquals("az://train/shards/s-0.tar", prefix.url("shards/s-0.tar"));
        AzureLocation whole = AzureLocation.of("mine://data/");
        assertEquals("data", whole.container());
        assertEquals("", whole.name());
        assertEquals("mine://data/x", whole.url("x"));
    }

    @Test
    void aUrlWithoutContainerOrNameIsRejectedNamingIt() {
        for (String url : new String[] {"az://train", "az:///x", "train/x"}) {
            RequestRejected e = assertThrows(RequestRejected.class, () -> AzureLocation.of(url));
            assertTrue(e.getMessage().endsWith(url), e.getMessage());
        }
    }

    @Test
    void aQueryIsRejectedWithoutShowingIt() {
        RequestRejected e =
                assertThrows(
                        RequestRejected.class, () -> AzureLocation.of("az://c/x.tar?sig=secret"));
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
        assertTrue(e.getMessage().contains("az://c/x.tar?..."), e.getMessage());
    }
}
