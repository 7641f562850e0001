package dev.asyncdataset.internal.store.azure;

import dev.asyncdataset.store.RequestRejected;

/**
 * A blob or a prefix of blobs named {@code <scheme>://<container>/<name>}, whose account is the
 * store's, or {@code https://<account>.blob.core.windows.net/<container>/<name>}, which must be the
 * store's account; the URLs a listing gives keep the form and the scheme of the one listed.
 *
 * @param base {@code <scheme>://<container>/}, or {@code https://<host>/<container>/}
 * @param account the account an {@code https} URL names, or null
 * @param container the container
 * @param name the blob's name, or the prefix of the names listed; empty for the whole container
 */
record AzureLocation(String base, String account, String container, String name) {

    /** Parses {@code url}. */
    static AzureLocation of(String url) throws RequestRejected {
        if (url.indexOf('?') >= 0) {
            throw new RequestRejected(
                    "an Azure blob location has no query (give a SAS token as credentials): "
                            + url.substring(0, url.indexOf('?'))
                            + "?...");
        }
        int scheme = url.indexOf("://");
        boolean https = url.regionMatches(true, 0, "https://", 0, 8);
        int host = https ? url.indexOf('/', 8) : scheme;
        int start = https ? host + 1 : scheme + 3;
        int slash = scheme < 0 || host < 0 ? -1 : url.indexOf('/', start);
        if (slash < 0 || slash == start) {
            throw new RequestRejected(
                    "not an Azure blob location (<scheme>://<container>/<name> or"
                            + " https://<account>.blob.core.windows.net/<container>/<name>): "
                            + url);
        }
        return new AzureLocation(
                url.substring(0, slash + 1),
                https ? firstLabel(url.substring(8, host)) : null,
                url.substring(start, slash),
                url.substring(slash + 1));
    }

    private static String firstLabel(String host) {
        int dot = host.indexOf('.');
        return dot < 0 ? host : host.substring(0, dot);
    }

    /** Checks that an {@code https} URL names {@code storeAccount}, the store's account. */
    void checkAccount(String storeAccount) throws RequestRejected {
        if (account != null && !account.equalsIgnoreCase(storeAccount)) {
            throw new RequestRejected(
                    url()
                            + " is in the account "
                            + account
                            + ", but the store's credentials are for the account "
                            + storeAccount);
        }
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
