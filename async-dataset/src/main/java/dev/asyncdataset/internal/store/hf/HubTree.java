package dev.asyncdataset.internal.store.hf;

import com.google.gson.JsonElement;
import com.google.gson.JsonIOException;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.asyncdataset.internal.store.http.HttpObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lists a folder of a Hub dataset through the Hub's tree API: one JSON array of entries ({@code
 * type}, {@code path}, {@code size}, {@code oid}, {@code lfs}) per page, the next page named by the
 * response's {@code Link: <url>; rel="next"}, which must be on the Hub's own host (the token goes
 * with it). A file's identity is its LFS SHA-256, or its git object id when it is not in LFS.
 */
final class HubTree {

    private static final Pattern NEXT = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"?next\"?");

    private final HttpObjectStore http;
    private final HubUrls urls;

    HubTree(HttpObjectStore http, HubUrls urls) {
        this.http = http;
        this.urls = urls;
    }

    /**
     * The files directly in the folder {@code prefix}, in name order.
     *
     * @throws RequestRejected if there is no such dataset, or it has no such folder at that
     *     revision
     */
    List<StoredObject> list(String prefix) throws IOException {
        List<StoredObject> files = listed(prefix);
        if (files == null) {
            HubLocation folder = HubLocation.parse(prefix);
            HttpResponse<InputStream> dataset =
                    http.get(folder.datasetUrl(urls.endpoint()), prefix);
            if (dataset == null) {
                throw new RequestRejected(
                        prefix
                                + ": HTTP 404: there is no dataset "
                                + folder.repo()
                                + " on the Hub");
            }
            dataset.body().close();
            throw new RequestRejected(prefix + ": HTTP 404" + urls.explain(prefix, 404));
        }
        return files;
    }

    /**
     * The file at {@code location}, as its folder's listing gives it (the Hub's API, not its CDN),
     * or null if there is no such file or folder at that revision.
     */
    StoredObject find(String location) throws IOException {
        String folder = location.substring(0, location.lastIndexOf('/') + 1);
        List<StoredObject> files = listed(folder);
        if (files == null) {
            return null;
        }
        return files.stream().filter(f -> f.url().equals(location)).findFirst().orElse(null);
    }

    /** The files directly in the folder {@code prefix}, or null if it is not there. */
    private List<StoredObject> listed(String prefix) throws IOException {
        HubLocation folder = HubLocation.parse(prefix);
        String url = folder.treeUrl(urls.endpoint());
        List<StoredObject> files = new ArrayList<>();
        while (url != null) {
            HttpResponse<InputStream> page = http.get(url, prefix);
            if (page == null) {
                return null;
            }
            try (InputStream body = page.body()) {
                for (JsonElement entry : entries(body, prefix)) {
                    StoredObject file = file(entry, folder.path(), prefix);
                    if (file != null) {
                        files.add(file);
                    }
                }
            }
            url = next(page, prefix);
        }
        files.sort(Comparator.comparing(StoredObject::url));
        return files;
    }

    /** The page's entries; a body cut short is an {@code IOException}, retried. */
    private static Iterable<JsonElement> entries(InputStream body, String prefix)
            throws IOException {
        try {
            JsonElement page =
                    JsonParser.parseReader(new InputStreamReader(body, StandardCharsets.UTF_8));
            if (page.isJsonArray()) {
                return page.getAsJsonArray();
            }
        } catch (JsonIOException e) {
            throw new IOException(prefix + ": the Hub's listing was cut short", e);
        } catch (JsonParseException e) {
            // named below, as any page that is not a listing
        }
        throw new RequestRejected(
                prefix + ": the Hub's tree API answered a page that is no listing");
    }

    /** The entry as a file of the folder at {@code path}, or null for a folder or a deeper file. */
    private static StoredObject file(JsonElement entry, String path, String prefix)
            throws RequestRejected {
        try {
            return file(entry.getAsJsonObject(), path, prefix);
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new RequestRejected(prefix + ": the Hub's tree API listed a malformed entry");
        }
    }

    private static StoredObject file(JsonObject entry, String path, String prefix) {
        String name = text(entry, "path");
        if (!"file".equals(text(entry, "type")) || name == null || !name.startsWith(path)) {
            return null;
        }
        String relative = name.substring(path.length());
        if (relative.isEmpty() || relative.contains("/") || !entry.has("size")) {
            return null;
        }
        JsonElement lfs = entry.get("lfs");
        String identity =
                lfs != null && lfs.isJsonObject()
                        ? text(lfs.getAsJsonObject(), "oid")
                        : text(entry, "oid");
        return new StoredObject(prefix + relative, entry.get("size").getAsLong(), identity);
    }

    private static String text(JsonObject object, String member) {
        JsonElement value = object.get(member);
        return value != null && value.isJsonPrimitive() ? value.getAsString() : null;
    }

    /** The next page's URL, or null; refused if it is not on the Hub's host. */
    private String next(HttpResponse<?> page, String prefix) throws RequestRejected {
        for (String link : page.headers().allValues("Link")) {
            Matcher m = NEXT.matcher(link);
            if (m.find()) {
                URI next = page.uri().resolve(m.group(1));
                URI hub = URI.create(urls.endpoint());
                if (!Objects.equals(next.getScheme(), hub.getScheme())
                        || !Objects.equals(next.getAuthority(), hub.getAuthority())) {
                    throw new RequestRejected(
                            prefix + ": the Hub's next page of the listing is on another host");
                }
                return next.toString();
            }
        }
        return null;
    }
}
