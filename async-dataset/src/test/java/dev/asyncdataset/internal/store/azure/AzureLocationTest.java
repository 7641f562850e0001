package dev.asyncdataset.internal.store.azure;

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
    void anAccountUrlIsSplitAfterItsHostAndListedNamesKeepTheHost() throws Exception {
        AzureLocation prefix = AzureLocation.of("https://acct.blob.core.windows.net/train/shards/");
        assertEquals("acct", prefix.account());
        assertEquals("train", prefix.container());
        assertEquals("shards/", prefix.name());
        assertEquals(
                "https://acct.blob.core.windows.net/train/shards/s-0.tar",
                prefix.url("shards/s-0.tar"));
        prefix.checkAccount("acct");
        RequestRejected other = assertThrows(RequestRejected.class, () -> prefix.checkAccount("b"));
        assertTrue(
                other.getMessage().contains("account acct, but the store's credentials are for"),
                other.getMessage());
    }

    @Test
    void aUrlWithoutContainerOrNameIsRejectedNamingIt() {
        for (String url :
                new String[] {
                    "az://train",
                    "az:///x",
                    "train/x",
                    "https://acct.blob.core.windows.net/",
                    "https://acct.blob.core.windows.net/train"
                }) {
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
