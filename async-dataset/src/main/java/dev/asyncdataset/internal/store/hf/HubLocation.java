package dev.asyncdataset.internal.store.hf;

import dev.asyncdataset.store.RequestRejected;
import java.io.ByteArrayOutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A location of a Hub dataset, {@code <scheme>://datasets/<org>/<name>[@<revision>]/<path>}, and
 * the Hub's URLs for it. A revision is a branch, a tag or a commit, one segment (a slash in it
 * written {@code %2F}), or one of the Hub's special references, written as they are: {@code
 * refs/convert/<name>} (the automatic Parquet conversion is {@code refs/convert/parquet}) and
 * {@code refs/pr/<n>}.
 *
 * @param org the dataset's owner
 * @param name the dataset's name
 * @param revision the revision, decoded; {@link #DEFAULT_REVISION} when none is given
 * @param path the path in the dataset, empty for its root; a folder's ends with {@code /}
 */
record HubLocation(String org, String name, String revision, String path) {

    /** The revision of a location that names none. */
    static final String DEFAULT_REVISION = "main";

    private static final Pattern SPECIAL = Pattern.compile("(refs/(?:convert|pr)/[^/]+)/?(.*)");
    private static final String FORM = "<scheme>://datasets/<org>/<name>[@<revision>]/<path>";

    /**
     * Reads a location.
     *
     * @throws RequestRejected if it is not of the form {@value #FORM}
     */
    static HubLocation parse(String location) throws RequestRejected {
        int start = location.indexOf("://");
        String[] parts = start < 0 ? new String[0] : location.substring(start + 3).split("/", 4);
        if (parts.length < 3
                || !parts[0].equals("datasets")
                || parts[1].isEmpty()
                || parts[2].isEmpty()
                || parts[2].startsWith("@")) {
            throw new RequestRejected("not a Hub dataset's location (" + FORM + "): " + location);
        }
        String tail = parts.length == 4 ? parts[3] : "";
        int at = parts[2].indexOf('@');
        if (at < 0) {
            return new HubLocation(parts[1], parts[2], DEFAULT_REVISION, tail);
        }
        String name = parts[2].substring(0, at);
        String revision = parts[2].substring(at + 1);
        Matcher special = SPECIAL.matcher(revision + "/" + tail);
        if (special.matches()) {
            return new HubLocation(parts[1], name, special.group(1), special.group(2));
        }
        String decoded = URLDecoder.decode(revision.replace("+", "%2B"), StandardCharsets.UTF_8);
        return new HubLocation(parts[1], name, decoded, tail);
    }

    /** The dataset, as the Hub names it: {@code <org>/<name>}. */
    String repo() {
        return org + "/" + name;
    }

    /** Whether the location is a folder (or the dataset's root). */
    boolean isFolder() {
        return path.isEmpty() || path.endsWith("/");
    }

    /** The URL the file is read at: the Hub's {@code /resolve/}, which redirects to its CDN. */
    String resolveUrl(String endpoint) {
        return endpoint + "/datasets/" + encodedRepo() + "/resolve/" + revisionAnd(path);
    }

    /** The URL of the dataset's description: the Hub's API, which answers 404 for no dataset. */
    String datasetUrl(String endpoint) {
        return endpoint + "/api/datasets/" + encodedRepo();
    }

    /** The URL of the first page of the folder's listing: the Hub's tree API. */
    String treeUrl(String endpoint) {
        String folder = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return endpoint
                + "/api/datasets/"
                + encodedRepo()
                + "/tree/"
                + (folder.isEmpty() ? encoded(revision) : revisionAnd(folder));
    }

    /** The dataset, encoded for a URL's path. */
    private String encodedRepo() {
        return encoded(org) + "/" + encoded(name);
    }

    /** The revision (its slashes too) and {@code path}, encoded for a URL's path. */
    private String revisionAnd(String path) {
        StringBuilder url = new StringBuilder(encoded(revision));
        for (String segment : path.split("/", -1)) {
            url.append('/').append(encoded(segment));
        }
        return url.toString();
    }

    /** {@code text} with every byte but RFC 3986's unreserved characters percent-encoded. */
    static String encoded(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "-._~".indexOf(c) >= 0) {
                out.write(c);
            } else {
                out.writeBytes(
                        String.format("%%%02X", (int) c).getBytes(StandardCharsets.US_ASCII));
            }
        }
        return out.toString(StandardCharsets.US_ASCII);
    }
}
