package dev.asyncdataset.internal.store.hf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HubStoreBuilderTest {

    private static final StoreSettings SETTINGS =
            new StoreSettings(Duration.ofSeconds(1), Duration.ofSeconds(1), null);

    @Test
    void theEndpointIsTheBuildersElseTheEnvironmentsElseTheHubs() {
        try (HubStore set =
                HubStore.builder()
                        .setSettings(SETTINGS)
                        .optEndpoint("http://mirror.example/")
                        .build(Map.of(HubStore.ENDPOINT_ENV, "http://env.example"))) {
            assertEquals("HubStore[http://mirror.example]", set.toString());
        }
        try (HubStore env =
                HubStore.builder()
                        .setSettings(SETTINGS)
                        .build(Map.of(HubStore.ENDPOINT_ENV, "http://env.example"))) {
            assertEquals("HubStore[http://env.example]", env.toString());
        }
        try (HubStore hub = HubStore.builder().setSettings(SETTINGS).build(Map.of())) {
            assertEquals("HubStore[" + HubStore.DEFAULT_ENDPOINT + "]", hub.toString());
        }
    }

    @Test
    void theStoreOptionsHubEndpointIsTheEndpointOfTheTablesHfStore() throws Exception {
        StoreOptions options =
                StoreOptions.builder().optHubEndpoint("http://mirror.example/").build();
        try (ObjectStore store = new HubStoreProvider().open(options, SETTINGS)) {
            assertEquals("HubStore[http://mirror.example]", store.toString());
        }
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> StoreOptions.builder().optHubEndpoint("ftp://hub.example"));
        assertTrue(e.getMessage().contains("ftp://hub.example"), e.getMessage());
    }

    @Test
    void anEndpointThatIsNoHttpUrlIsRefusedNamingItAndWhereItCameFrom() {
        IllegalArgumentException given =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> HubStore.builder().optEndpoint("ftp://hub.example"));
        assertTrue(given.getMessage().contains("ftp://hub.example"), given.getMessage());
        IllegalArgumentException env =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                HubStore.builder()
                                        .setSettings(SETTINGS)
                                        .build(Map.of(HubStore.ENDPOINT_ENV, "hub.example")));
        assertTrue(env.getMessage().contains(HubStore.ENDPOINT_ENV), env.getMessage());
    }

    @Test
    void aBlankTokenOrMissingSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> HubStore.builder().optToken(" "));
        assertThrows(IllegalStateException.class, () -> HubStore.builder().build(Map.of()));
    }

    @Test
    void theStoreNeverShowsItsToken() {
        try (HubStore store =
                HubStore.builder()
                        .setSettings(SETTINGS)
                        .build(Map.of(HubStore.TOKEN_ENV, "hf_secret_from_env"))) {
            assertFalse(store.toString().contains("hf_secret"), store.toString());
        }
    }
}
