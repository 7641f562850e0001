package dev.asyncdataset.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.asyncdataset.internal.store.hf.HubStore;
import dev.asyncdataset.store.Stores;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A local imitation of the Hugging Face Hub on two servers of the JDK's {@link HttpServer}. The Hub
 * ({@code 127.0.0.1}) keeps datasets as commits of files on branches and answers the tree API
 * ({@code /api/datasets/<org>/<name>/tree/<revision>/<path>}: a folder's entries as JSON, a page at
 * a time with {@code Link: <...>; rel="next"}), a dataset's description ({@code
 * /api/datasets/<org>/<name>}, 404 for no such dataset) and {@code
 * /datasets/<org>/<name>/resolve/<revision>/ <path>} with a {@code 302} to the CDN; a revision is a
 * branch (percent-encoded in the path, as {@code refs%2Fconvert%2Fparquet}) or a commit. When given
 * a token it refuses any request without it ({@code 401}). The CDN ({@code localhost}, another
 * origin) serves each file by its SHA-256 with {@code ETag}, {@code HEAD} and {@code Range}, and
 * records every request's headers.
 */
final class HubServer implements BeforeAllCallback, AfterAllCallback {

    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d+)");
    private static final Pattern API = Pattern.compile("/api/datasets/([^/]+)/([^/]+)/tree/(.*)");
    private static final Pattern DATASET = Pattern.compile("/api/datasets/([^/]+)/([^/]+)");
    private static final Pattern RESOLVE =
            Pattern.compile("/datasets/([^/]+)/([^/]+)/resolve/([^/]+)/(.+)");

    /** One request as the CDN saw it: its method, path and headers (names in lower case). */
    record Seen(String method, String path, Map<String, List<String>> headers) {}

    private final String token;
    private final int pageSize;
    private final Map<String, byte[]> blobs = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> refs = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> commits = new ConcurrentHashMap<>();
    private final AtomicInteger commitCount = new AtomicInteger();
    private final List<String> hubAuthorizations = new CopyOnWriteArrayList<>();
    private final List<Seen> cdnRequests = new CopyOnWriteArrayList<>();
    private final List<String> listings = new CopyOnWriteArrayList<>();
    private HttpServer hub;
    private HttpServer cdn;

    /** A Hub that lists {@code pageSize} entries a page and wants {@code token} (null: none). */
    HubServer(String token, int pageSize) {
        this.token = token;
        this.pageSize = pageSize;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        hub = start(this::hub);
        cdn = start(this::cdn);
    }

    private static HttpServer start(com.sun.net.httpserver.HttpHandler handler) throws IOException {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        HttpServer server = HttpServer.create(address, 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", handler);
        server.start();
        return server;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        hub.stop(0);
        cdn.stop(0);
    }

    /** The Hub's address. */
    String endpoint() {
        return "http://127.0.0.1:" + hub.getAddress().getPort();
    }

    /** Registers this Hub's store, with the token it wants, under {@code scheme}. */
    void register(String scheme) {
        Stores.register(
                scheme,
                settings ->
                        HubStore.builder()
                                .setSettings(settings)
                                .optEndpoint(endpoint())
                                .optToken(token)
                                .build());
    }

    /**
     * Commits {@code files} (path to bytes) onto {@code branch} of the dataset {@code repo} ({@code
     * org/name}), over the files the branch had, and returns the commit's id.
     */
    String commit(String repo, String branch, Map<String, byte[]> files) {
        Map<String, String> branches = refs.computeIfAbsent(repo, r -> new ConcurrentHashMap<>());
        String parent = branches.get(branch);
        Map<String, String> tree = new TreeMap<>(parent == null ? Map.of() : commits.get(parent));
        files.forEach(
                (path, bytes) -> {
                    String sha = sha256(bytes);
                    blobs.put(sha, bytes);
                    tree.put(path, sha);
                });
        String id = sha256(("commit " + commitCount.incrementAndGet()).getBytes()).substring(0, 40);
        commits.put(id, tree);
        branches.put(branch, id);
        return id;
    }

    /** The {@code Authorization} header of every request to the Hub, "none" where absent. */
    List<String> hubAuthorizations() {
        return List.copyOf(hubAuthorizations);
    }

    /** Every request to the CDN. */
    List<Seen> cdnRequests() {
        return List.copyOf(cdnRequests);
    }

    /** The path and query of every page of a folder's listing asked for (the tree API). */
    List<String> listings() {
        return List.copyOf(listings);
    }

    /** Forgets the requests seen so far. */
    void clearRequests() {
        hubAuthorizations.clear();
        cdnRequests.clear();
        listings.clear();
    }

    private void hub(HttpExchange exchange) throws IOException {
        try (exchange) {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            hubAuthorizations.add(auth == null ? "none" : auth);
            if (token != null && !("Bearer " + token).equals(auth)) {
                exchange.sendResponseHeaders(401, -1);
                return;
            }
            String path = exchange.getRequestURI().getRawPath();
            Matcher api = API.matcher(path);
            Matcher resolve = RESOLVE.matcher(path);
            Matcher dataset = DATASET.matcher(path);
            if (api.matches()) {
                listings.add(exchange.getRequestURI().toString());
                tree(exchange, api.group(1) + "/" + api.group(2), api.group(3));
            } else if (dataset.matches()) {
                String repo = dataset.group(1) + "/" + dataset.group(2);
                boolean known = refs.containsKey(repo);
                send(exchange, known ? 200 : 404, ("{\"id\":\"" + repo + "\"}").getBytes());
            } else if (resolve.matches()) {
                resolve(exchange, resolve);
            } else {
                exchange.sendResponseHeaders(404, -1);
            }
        }
    }

    /** The files of {@code repo} at {@code revision} (a branch or a commit), or null. */
    private Map<String, String> files(String repo, String revision) {
        String id = refs.getOrDefault(repo, Map.of()).getOrDefault(revision, revision);
        return commits.get(id);
    }

    private void tree(HttpExchange exchange, String repo, String rest) throws IOException {
        String[] segments = rest.split("/", 2);
        Map<String, String> files = files(repo, decode(segments[0]));
        String folder = segments.length == 2 ? decode(segments[1]) + "/" : "";
        List<String> entries = files == null ? List.of() : entries(files, folder);
        if (entries.isEmpty()) {
            exchange.sendResponseHeaders(404, -1);
            return;
        }
        String query = exchange.getRequestURI().getRawQuery();
        int from = query == null ? 0 : Integer.parseInt(query.substring("cursor=".length()));
        int to = Math.min(entries.size(), from + pageSize);
        if (to < entries.size()) {
            String next = endpoint() + exchange.getRequestURI().getRawPath() + "?cursor=" + to;
            exchange.getResponseHeaders().set("Link", "<" + next + ">; rel=\"next\"");
        }
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        send(exchange, 200, ("[" + String.join(",", entries.subList(from, to)) + "]").getBytes());
    }

    /** The JSON entries of the files and folders directly in {@code folder}, by path. */
    private List<String> entries(Map<String, String> files, String folder) {
        TreeSet<String> folders = new TreeSet<>();
        Map<String, String> entries = new TreeMap<>();
        files.forEach(
                (path, sha) -> {
                    if (!path.startsWith(folder)) {
                        return;
                    }
                    int slash = path.indexOf('/', folder.length());
                    if (slash >= 0) {
                        folders.add(path.substring(0, slash));
                        return;
                    }
                    long size = blobs.get(sha).length;
                    entries.put(
                            path,
                            String.format(
                                    "{\"type\":\"file\",\"oid\":\"%s\",\"size\":%d,"
                                            + "\"path\":\"%s\",\"lfs\":{\"oid\":\"%s\","
                                            + "\"size\":%d,\"pointerSize\":134}}",
                                    sha.substring(0, 40), size, path, sha, size));
                });
        folders.forEach(
                f ->
                        entries.put(
                                f,
                                "{\"type\":\"directory\",\"oid\":\"0\",\"path\":\"" + f + "\"}"));
        return new ArrayList<>(entries.values());
    }

    private void resolve(HttpExchange exchange, Matcher resolve) throws IOException {
        String repo = resolve.group(1) + "/" + resolve.group(2);
        Map<String, String> files = files(repo, decode(resolve.group(3)));
        String sha = files == null ? null : files.get(decode(resolve.group(4)));
        if (sha == null) {
            exchange.getResponseHeaders().set("X-Error-Code", "EntryNotFound");
            exchange.sendResponseHeaders(404, -1);
            return;
        }
        String cdnUrl = "http://localhost:" + cdn.getAddress().getPort() + "/blobs/" + sha;
        exchange.getResponseHeaders().set("Location", cdnUrl + "?Expires=1&Signature=signed");
        exchange.getResponseHeaders().set("X-Linked-Etag", "\"" + sha + "\"");
        exchange.getResponseHeaders().set("X-Linked-Size", Long.toString(blobs.get(sha).length));
        exchange.sendResponseHeaders(302, -1);
    }

    private void cdn(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, List<String>> headers = new TreeMap<>();
            exchange.getRequestHeaders()
                    .forEach(
                            (name, values) -> headers.put(name.toLowerCase(), List.copyOf(values)));
            String path = exchange.getRequestURI().getPath();
            cdnRequests.add(new Seen(exchange.getRequestMethod(), path, headers));
            byte[] blob = path.startsWith("/blobs/") ? blobs.get(path.substring(7)) : null;
            if (blob == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("ETag", "\"" + path.substring(7) + "\"");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Long.toString(blob.length));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            range(exchange, blob, exchange.getRequestHeaders().getFirst("Range"));
        }
    }

    private static void range(HttpExchange exchange, byte[] blob, String range) throws IOException {
        if (range == null) {
            send(exchange, 200, blob);
            return;
        }
        Matcher m = RANGE.matcher(range);
        int from = m.matches() ? Integer.parseInt(m.group(1)) : blob.length;
        if (from >= blob.length) {
            exchange.sendResponseHeaders(416, -1);
            return;
        }
        int to = Math.min(Integer.parseInt(m.group(2)), blob.length - 1);
        exchange.getResponseHeaders()
                .set("Content-Range", "bytes " + from + "-" + to + "/" + blob.length);
        send(exchange, 206, Arrays.copyOfRange(blob, from, to + 1));
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String decode(String segment) {
        return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
