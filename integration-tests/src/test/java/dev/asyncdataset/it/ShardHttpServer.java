package dev.asyncdataset.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A static-file HTTP server on loopback for the HTTP store's tests, on the JDK's {@link
 * HttpServer}: files by path with {@code ETag}, {@code HEAD}, {@code Range} ({@code 416} past the
 * end; or, when told, a server that ignores it), redirects of {@code /resolve/<name>} to another
 * server, and faults on {@code .tar} and {@code .parquet} GETs by a {@link
 * FaultInjectingBlobStore.Policy}: 503 and 500 statuses, a connection dropped before the headers
 * (reset), a body cut short (truncate), a body that stops (stall) and a flipped bit (corrupt). When
 * told, the first GET of each {@code .idx} answers a malformed index (every tab after the header
 * line turned into a space). Records the {@code Authorization} header of every request.
 */
final class ShardHttpServer implements BeforeAllCallback, AfterAllCallback {

    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d+)");

    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> indexAttempts = new ConcurrentHashMap<>();
    private final Queue<String> gets = new ConcurrentLinkedQueue<>();
    private final AtomicInteger tarGets = new AtomicInteger();
    private final AtomicInteger indexGets = new AtomicInteger();
    private final AtomicInteger injected = new AtomicInteger();
    private final AtomicInteger resets = new AtomicInteger();
    private final AtomicInteger heads = new AtomicInteger();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile FaultInjectingBlobStore.Policy faults = (key, attempt) -> Fault.NONE;
    private volatile boolean honoursRange = true;
    private volatile boolean malformsFirstIndexGet;
    private volatile String redirectTo;
    private HttpServer server;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        start(0);
    }

    private void start(int port) throws IOException {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        server = HttpServer.create(address, 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** Stops serving: connections to the port are refused until {@link #resume}. */
    void pause() {
        server.stop(0);
    }

    /** Serves again on the same port. */
    void resume() throws IOException {
        start(server.getAddress().getPort());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stopped.countDown();
        server.stop(0);
    }

    /** The URL of {@code path} on this server. */
    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Serves {@code files} under {@code folder} (starting and ending with {@code /}). */
    void put(String folder, Map<String, byte[]> files) {
        files.forEach((name, bytes) -> this.files.put(folder + name, bytes));
    }

    /**
     * Starts a fault plan and its counts; the attempt of a request is counted by path and range.
     */
    void setFaults(FaultInjectingBlobStore.Policy policy) {
        attempts.clear();
        indexAttempts.clear();
        gets.clear();
        tarGets.set(0);
        indexGets.set(0);
        injected.set(0);
        resets.set(0);
        heads.set(0);
        faults = policy;
    }

    void setHonoursRange(boolean honours) {
        honoursRange = honours;
    }

    /** Makes the first GET of each {@code .idx} (since {@link #setFaults}) answer it malformed. */
    void setMalformsFirstIndexGet(boolean malforms) {
        malformsFirstIndexGet = malforms;
    }

    /** Redirects {@code /resolve/<name>} to {@code base + name}. */
    void redirectResolveTo(String base) {
        redirectTo = base;
    }

    int tarGets() {
        return tarGets.get();
    }

    /** The GETs of {@code .idx} files since {@link #setFaults}. */
    int indexGets() {
        return indexGets.get();
    }

    int injectedFaults() {
        return injected.get();
    }

    /** The connections dropped before the headers since {@link #setFaults}. */
    int resets() {
        return resets.get();
    }

    /** The HEAD requests since {@link #setFaults}. */
    int heads() {
        return heads.get();
    }

    /** Each GET since {@link #setFaults}, as its path and its {@code Range} header or "whole". */
    List<String> gets() {
        return List.copyOf(gets);
    }

    List<String> authorizations() {
        return authorizations;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            authorizations.add(auth == null ? "none" : auth);
            String path = exchange.getRequestURI().getPath();
            if (redirectTo != null && path.startsWith("/resolve/")) {
                exchange.getResponseHeaders().set("Location", redirectTo + path.substring(9));
                exchange.sendResponseHeaders(302, -1);
                return;
            }
            byte[] file = files.get(path);
            if (file == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders()
                    .set("ETag", "\"" + java.util.Arrays.hashCode(file) + "\"");
            String range = honoursRange ? exchange.getRequestHeaders().getFirst("Range") : null;
            if (exchange.getRequestMethod().equals("HEAD")) {
                heads.incrementAndGet();
                exchange.getResponseHeaders().set("Content-Length", Long.toString(file.length));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            gets.add(path + " " + (range == null ? "whole" : range));
            serve(exchange, path, file, range);
        }
    }

    private void serve(HttpExchange exchange, String path, byte[] file, String range)
            throws IOException {
        int from = 0;
        int to = file.length - 1;
        int status = 200;
        if (range != null) {
            Matcher m = RANGE.matcher(range);
            if (!m.matches()) {
                exchange.sendResponseHeaders(416, -1);
                return;
            }
            from = Integer.parseInt(m.group(1));
            if (from >= file.length) {
                exchange.sendResponseHeaders(416, -1);
                return;
            }
            to = Math.min(Integer.parseInt(m.group(2)), file.length - 1);
            status = 206;
            exchange.getResponseHeaders()
                    .set("Content-Range", "bytes " + from + "-" + to + "/" + file.length);
        }
        byte[] body = java.util.Arrays.copyOfRange(file, from, to + 1);
        if (path.endsWith(".idx")) {
            indexGets.incrementAndGet();
            int attempt =
                    indexAttempts.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
            if (malformsFirstIndexGet && attempt == 1) {
                body = malformed(body);
            }
        }
        Fault fault = Fault.NONE;
        if (path.endsWith(".tar") || path.endsWith(".parquet")) {
            if (path.endsWith(".tar")) {
                tarGets.incrementAndGet();
            }
            String key = path + " " + range;
            int attempt = attempts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            fault = faults.onGet(key, attempt);
            if (fault != Fault.NONE) {
                injected.incrementAndGet();
            }
            if (fault == Fault.RESET) {
                resets.incrementAndGet();
            }
        }
        respond(exchange, status, body, fault);
    }

    private void respond(HttpExchange exchange, int status, byte[] body, Fault fault)
            throws IOException {
        switch (fault) {
            case SLOW_DOWN -> exchange.sendResponseHeaders(503, -1);
            case INTERNAL_ERROR -> exchange.sendResponseHeaders(500, -1);
            case RESET -> throw new IOException("connection dropped before the headers");
            case TRUNCATE -> {
                exchange.sendResponseHeaders(status, body.length);
                exchange.getResponseBody().write(body, 0, body.length / 2);
                exchange.getResponseBody().flush();
                throw new IOException("body cut short");
            }
            case STALL -> {
                exchange.sendResponseHeaders(status, body.length);
                exchange.getResponseBody().write(body, 0, body.length / 2);
                exchange.getResponseBody().flush();
                awaitStop();
                throw new IOException("body stalled");
            }
            case CORRUPT -> {
                byte[] flipped = body.clone();
                flipped[flipped.length / 2] ^= 0x10;
                send(exchange, status, flipped);
            }
            default -> send(exchange, status, body);
        }
    }

    /** {@code index} with every tab after its header line turned into a space. */
    static byte[] malformed(byte[] index) {
        byte[] malformed = index.clone();
        boolean header = true;
        for (int i = 0; i < malformed.length; i++) {
            if (malformed[i] == '\n') {
                header = false;
            } else if (malformed[i] == '\t' && !header) {
                malformed[i] = ' ';
            }
        }
        return malformed;
    }

    private void awaitStop() {
        try {
            stopped.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
