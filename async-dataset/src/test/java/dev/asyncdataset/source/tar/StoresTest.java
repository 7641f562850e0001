package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.store.StoreProvider;
import dev.asyncdataset.store.Stores;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The table picks a location's store by its scheme, and an Azure account's URL by its host. */
class StoresTest {

    @Test
    void schemesAreTheTablesInLowerCaseAndAPathIsLocalFiles() {
        assertEquals("file", Stores.scheme("/data/shards/"));
        assertEquals("file", Stores.scheme("file:///data/shards/"));
        assertEquals("s3", Stores.scheme("S3://bucket/shards/"));
        assertEquals("https", Stores.scheme("https://huggingface.co/d/resolve/main/s-0.tar"));
        assertTrue(Stores.scheme("shards/s-{0..1}.tar").equals(Stores.FILE));
        assertFalse(Stores.scheme("az://train/shards/").equals(Stores.FILE));
    }

    @Test
    void aRegisteredSchemeGivesItsOpenerInAnyCaseAndABuiltInSchemeNone() {
        StoreProvider opener =
                settings -> {
                    throw new IOException("never opened");
                };
        Stores.register("Registered-Lookup", opener);
        assertSame(opener, Stores.registered("REGISTERED-lookup").orElseThrow());
        assertEquals(Optional.empty(), Stores.registered("s3"));
        assertEquals(Optional.empty(), Stores.registered("never-registered"));
    }

    @Test
    void everyBuiltInSchemeHasAStoreInTheTableAndCannotBeRegistered() {
        for (String scheme :
                List.of(Stores.FILE, Stores.S3, Stores.HTTP, Stores.HTTPS, Stores.AZ, Stores.HF)) {
            assertNotNull(StoreTable.of(scheme + "://bucket/shards/"), scheme);
            assertThrows(
                    IllegalArgumentException.class,
                    () -> Stores.register(scheme, settings -> null),
                    scheme);
        }
    }

    @Test
    void anAzureAccountsOwnHttpsUrlGoesToTheAzureStoreAndASasUrlStaysPlainHttps() {
        assertEquals("az", Stores.scheme("https://acct.blob.core.windows.net/train/shards/"));
        assertEquals("az", Stores.scheme("HTTPS://Acct.Blob.Core.Windows.Net/train/s-0.tar"));
        assertEquals(
                "https", Stores.scheme("https://acct.blob.core.windows.net/train/s-0.tar?sv=1"));
        assertEquals("http", Stores.scheme("http://acct.blob.core.windows.net/train/s-0.tar"));
        assertEquals("https", Stores.scheme("https://acct.blob.core.windows.net.example/t/s.tar"));
    }

    @Test
    void shardsAtAnAzureAccountUrlAreOpenedByTheAzureStore() {
        Exception e =
                assertThrows(
                        Exception.class,
                        () ->
                                TarShardSource.builder()
                                        .setLocation("https://acct.blob.core.windows.net/train/")
                                        .build());
        assertTrue(e.getMessage().contains("Azure"), e.toString());
    }
}
