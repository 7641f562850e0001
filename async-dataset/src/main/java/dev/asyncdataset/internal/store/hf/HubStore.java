package dev.asyncdataset.internal.store.hf;

import dev.asyncdataset.internal.io.EndpointNote;
import dev.asyncdataset.internal.store.http.HttpObjectStore;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.net.ConnectException;
import java.util.List;

/**
 * The datasets of the Hugging Face Hub as a store: {@code hf://datasets/<org>/<name>[@<revision>]/
 * <path>} locations, listed through the Hub's tree API and read at its {@code /resolve/} URLs by
 * the HTTP store, which follows the redirect to the Hub's CDN and reads byte ranges there. The
 * token goes to the Hub's host only, never to the CDN's, and appears in no message.
 */
public final class HubStore implements ObjectStore {

    /** The Hub's address unless set otherwise. */
    public static final String DEFAULT_ENDPOINT = "https://huggingface.co";

    /** The environment variable the Hub's address is taken from, when set. */
    public static final String ENDPOINT_ENV = "HF_ENDPOINT";

    /** The environment variable the token is taken from, when no other is given. */
    public static final String TOKEN_ENV = "HF_TOKEN";

    private final HttpObjectStore http;
    private final HubTree tree;
    private final String endpoint;

    HubStore(StoreSettings settings, String endpoint, String authorization) {
        StoreSettings hub =
                new StoreSettings(
                        settings.connectTimeout(), settings.firstByteTimeout(), authorization);
        HubUrls urls = new HubUrls(endpoint, authorization != null);
        this.http = new HttpObjectStore(hub, urls);
        this.tree = new HubTree(http, urls);
        this.endpoint = endpoint;
    }

    /**
     * Returns a builder of a store.
     *
     * @return the builder
     */
    public static HubStoreBuilder builder() {
        return new HubStoreBuilder();
    }

    /** The files directly in a folder of a dataset, at its revision, in name order. */
    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        return noted(() -> tree.list(prefix));
    }

    /**
     * The file as its folder's listing gives it: the Hub's API is asked, not its CDN, whose signed
     * URLs are made for a GET; the identity is the file's LFS SHA-256 or git object id.
     */
    @Override
    public StoredObject stat(String location) throws IOException {
        return noted(() -> tree.find(location));
    }

    @Override
    public StoredBody open(String location, long offset, long length) throws IOException {
        return noted(() -> http.open(location, offset, length));
    }

    /** {@code call}'s result; a connection it could not make notes the Hub's address. */
    private <T> T noted(HubCall<T> call) throws IOException {
        try {
            return call.call();
        } catch (ConnectException e) {
            throw new EndpointNote(
                    "the Hub's address is "
                            + endpoint
                            + ": set "
                            + ENDPOINT_ENV
                            + " or the store options' Hub endpoint for another",
                    e);
        }
    }

    /** A request to the Hub. */
    private interface HubCall<T> {
        T call() throws IOException;
    }

    @Override
    public void close() {
        http.close();
    }

    /** The Hub's address, without the token. */
    @Override
    public String toString() {
        return "HubStore[" + endpoint + "]";
    }
}
