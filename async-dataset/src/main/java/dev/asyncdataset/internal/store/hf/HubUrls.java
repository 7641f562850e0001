package dev.asyncdataset.internal.store.hf;

import dev.asyncdataset.internal.store.http.HttpLocations;
import dev.asyncdataset.store.RequestRejected;

/**
 * Where the HTTP store reads a Hub dataset's files (the Hub's {@code /resolve/} URLs on {@code
 * endpoint}), and what the Hub's refusals mean: a 401 or 403 names the dataset and says whether a
 * token is missing or was refused, a 404 names the path and the revision. No message holds the
 * token.
 */
final class HubUrls implements HttpLocations {

    private final String endpoint;
    private final boolean hasToken;

    HubUrls(String endpoint, boolean hasToken) {
        this.endpoint = endpoint;
        this.hasToken = hasToken;
    }

    String endpoint() {
        return endpoint;
    }

    @Override
    public String url(String location) throws RequestRejected {
        return HubLocation.parse(location).resolveUrl(endpoint);
    }

    /** The location as it is: the token is never part of it. */
    @Override
    public String shown(String location) {
        return location;
    }

    @Override
    public String explain(String location, int status) {
        HubLocation at;
        try {
            at = HubLocation.parse(location);
        } catch (RequestRejected e) {
            return "";
        }
        String dataset = "dataset " + at.repo();
        return switch (status) {
            case 401 ->
                    hasToken
                            ? ": the Hub refused the token for "
                                    + dataset
                                    + " (or it does not exist)"
                            : ": "
                                    + dataset
                                    + " needs a token (or does not exist): set "
                                    + HubStore.TOKEN_ENV
                                    + " or the store's token";
            case 403 ->
                    ": the token may not read "
                            + dataset
                            + " (a gated dataset's terms are accepted on the Hub)";
            case 404 ->
                    ": "
                            + dataset
                            + " has no "
                            + (at.isFolder() ? "folder " : "file ")
                            + (at.path().isEmpty() ? "/" : at.path())
                            + " at revision "
                            + at.revision();
            default -> "";
        };
    }
}
