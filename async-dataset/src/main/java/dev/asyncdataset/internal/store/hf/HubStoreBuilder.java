package dev.asyncdataset.internal.store.hf;

import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.store.StoreSettings;
import java.util.Map;
import java.util.Objects;

/** Builds a {@link HubStore}: what it is opened with, the Hub's address and the token. */
public final class HubStoreBuilder {

    private StoreSettings settings;
    private String endpoint;
    private String token;

    HubStoreBuilder() {}

    /**
     * Sets the timeouts the store is opened with (required), and the {@code Authorization} header
     * it sends to the Hub when no token is set.
     *
     * @param settings the settings of the source or writer that opens the store
     * @return this builder
     */
    public HubStoreBuilder setSettings(StoreSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        return this;
    }

    /**
     * Sets the Hub's address; by default {@value HubStore#ENDPOINT_ENV} if set, else {@value
     * HubStore#DEFAULT_ENDPOINT}.
     *
     * @param endpoint an {@code http} or {@code https} URL with a host and no query
     * @return this builder
     */
    public HubStoreBuilder optEndpoint(String endpoint) {
        this.endpoint = checkedEndpoint(endpoint, "endpoint");
        return this;
    }

    /**
     * Sets the token, sent as {@code Authorization: Bearer <token>} to the Hub's host only. By
     * default the settings' {@code Authorization} header if they have one, else {@value
     * HubStore#TOKEN_ENV} if set, else none (public datasets only).
     *
     * @param token the token
     * @return this builder
     */
    public HubStoreBuilder optToken(String token) {
        if (Objects.requireNonNull(token, "token").isBlank()) {
            throw new IllegalArgumentException("blank token");
        }
        this.token = token;
        return this;
    }

    /**
     * Builds the store.
     *
     * @return the store
     * @throws IllegalStateException if no settings were set
     * @throws IllegalArgumentException if {@value HubStore#ENDPOINT_ENV} is not an address
     */
    public HubStore build() {
        return build(System.getenv());
    }

    /** Builds the store, with the defaults of {@code env}. */
    HubStore build(Map<String, String> env) {
        if (settings == null) {
            throw new IllegalStateException("setSettings is required");
        }
        String hub = endpoint;
        if (hub == null) {
            String set = env.get(HubStore.ENDPOINT_ENV);
            hub =
                    set == null || set.isBlank()
                            ? HubStore.DEFAULT_ENDPOINT
                            : checkedEndpoint(set, HubStore.ENDPOINT_ENV);
        }
        return new HubStore(settings, hub, authorization(env.get(HubStore.TOKEN_ENV)));
    }

    private String authorization(String fromEnv) {
        if (token != null) {
            return "Bearer " + token;
        }
        if (settings.authorization() != null) {
            return settings.authorization();
        }
        return fromEnv == null || fromEnv.isBlank() ? null : "Bearer " + fromEnv.strip();
    }

    /** {@code endpoint} checked as {@link StoreOptionsBuilder#optHubEndpoint} checks it. */
    private static String checkedEndpoint(String endpoint, String what) {
        Objects.requireNonNull(endpoint, what);
        try {
            return StoreOptions.builder().optHubEndpoint(endpoint).build().hubEndpoint();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }
}
