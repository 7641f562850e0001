package dev.asyncdataset.store.azure;

import dev.asyncdataset.store.RequestRejected;

/**
 * A blob or a prefix of blobs named {@code <scheme>://<container>/<name>}: the account is the
 * store's, the scheme ({@code az}, or the one a store was registered for) is kept in the URLs a
 * listing gives.
 *
 * @param base {@code <scheme>://<container>/}
 * @param container the container
 * @param name the blob's name, or the prefix of the names listed; empty for the whole container
 */
record AzureLocation(String base, String container, String name) {

    /** Parses {@code url}. */
    static AzureLocation of(String url) throws RequestRejected {
        int scheme = url.indexOf("://");
        int slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
        if (scheme < 0 || slash < 0 || slash == scheme + 3) {
            throw new RequestRejected(
                    "not an Azure blob location (<scheme>://<container>/<name>): " + url);
        }
        if (url.indexOf('?') >= 0) {
            throw new RequestRejected(
                    "an Azure blob location has no query (give a SAS token as credentials): "
                            + url.substring(0, url.indexOf('?'))
                            + "?...");
        }
        return new AzureLocation(
                url.substring(0, slash + 1),
                url.substring(scheme + 3, slash),
                url.substring(slash + 1));
    }

    /** The URL of the blob named {@code blobName} in the same container. */
    String url(String blobName) {
        return base + blobName;
    }

    /** This location's URL. */
    String url() {
        return base + name;
    }
}
