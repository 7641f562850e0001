package dev.asyncdataset.it;

import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP/1.1 relay on loopback in front of a server that cannot be told to fail (Azurite): one
 * request per connection, and on each GET of a {@code .tar} blob answered 200 or 206 the fault a
 * {@link FaultInjectingBlobStore.Policy} draws for (path and end of the range, attempt), which a
 * resumed read keeps: 503 ServerBusy, 500 InternalError, the headers and half the body then a
 * connection reset (RESET), the headers and half the body then a clean close (TRUNCATE), or the
 * body with one bit flipped (CORRUPT). On each PUT of a block or a block list, the fault a second
 * policy draws for (path, block number or block list, attempt): 503, 500 or 403
 * AuthorizationFailure (FORBIDDEN) without passing the request on, or the request passed on and
 * answered by the server, then the connection reset before the answer (RESET). An {@link
 * UpstreamRestart} placed among the GETs of {@code .tar} blobs restarts the server at one of them.
 */
final class FaultyHttpRelay extends LoopbackRelay {

    private static final FaultInjectingBlobStore.Policy NONE = (key, attempt) -> Fault.NONE;

    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    private final Map<Fault, AtomicInteger> injected = new ConcurrentHashMap<>();
    private final AtomicInteger tarGets = new AtomicInteger();
    private final AtomicInteger puts = new AtomicInteger();
    private final Set<String> faultedKeys = ConcurrentHashMap.newKeySet();
    private volatile FaultInjectingBlobStore.Policy faults = NONE;
    private volatile FaultInjectingBlobStore.Policy putFaults = NONE;
    private volatile UpstreamRestart restart;

    /** Starts relaying a free loopback port to {@code upstreamPort} on loopback. */
    FaultyHttpRelay(int upstreamPort) throws IOException {
        super(upstreamPort);
    }

    /** Injects the faults of {@code policy} into GETs from now on and starts the counts afresh. */
    void setFaults(FaultInjectingBlobStore.Policy policy) {
        setFaults(policy, NONE);
    }

    /**
     * Injects the faults of {@code gets} into GETs and those of {@code puts} into PUTs from now on
     * and starts the counts afresh.
     */
    void setFaults(FaultInjectingBlobStore.Policy gets, FaultInjectingBlobStore.Policy puts) {
        faults = gets;
        putFaults = puts;
        attempts.clear();
        injected.clear();
        tarGets.set(0);
        this.puts.set(0);
        faultedKeys.clear();
        restart = null;
    }

    /** Restarts the server at a GET of a {@code .tar} blob, as {@code restart} chooses. */
    void restartAt(UpstreamRestart restart) {
        this.restart = restart;
    }

    /** Whether a {@code fault} was injected into a request whose key ends with {@code suffix}. */
    boolean injectedInto(Fault fault, String suffix) {
        return faultedKeys.stream().anyMatch(k -> k.startsWith(fault + " ") && k.endsWith(suffix));
    }

    /** The {@code fault}s injected since {@link #setFaults}. */
    int injected(Fault fault) {
        AtomicInteger count = injected.get(fault);
        return count == null ? 0 : count.get();
    }

    /** The faults of every kind injected since {@link #setFaults}. */
    int injectedFaults() {
        return injected.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** The GETs of {@code .tar} blobs answered by the server since {@link #setFaults}. */
    int tarGets() {
        return tarGets.get();
    }

    /** The PUTs of blocks and block lists received since {@link #setFaults}. */
    int puts() {
        return puts.get();
    }

    @Override
    void exchange(Socket client, Socket server) throws IOException {
        InputStream fromClient = new BufferedInputStream(client.getInputStream());
        List<String> request = head(fromClient);
        UpstreamRestart due = restart;
        if (due != null && tarGet(request) && due.holds()) {
            server.close();
            due.restart(client, this);
            return;
        }
        String length = header(request, "content-length");
        byte[] body = fromClient.readNBytes(length.isEmpty() ? 0 : Integer.parseInt(length));
        Fault put = putFault(request);
        if (put == Fault.SLOW_DOWN || put == Fault.INTERNAL_ERROR || put == Fault.FORBIDDEN) {
            client.getOutputStream().write(error(put));
            return;
        }
        OutputStream toServer = server.getOutputStream();
        toServer.write(closing(request));
        toServer.write(body);
        toServer.flush();
        InputStream fromServer = new BufferedInputStream(server.getInputStream());
        if (put == Fault.RESET) {
            head(fromServer);
            client.setSoLinger(true, 0);
            return;
        }
        respond(request, fromServer, client);
    }

    /**
     * The fault of a PUT of a block or a block list, drawn for its path and block number (or the
     * block list) and its attempt; none for any other request.
     */
    private Fault putFault(List<String> request) {
        String[] line = request.get(0).split(" ");
        String[] target = line[1].split("\\?", 2);
        if (!line[0].equals("PUT") || target.length < 2 || !target[1].contains("comp=block")) {
            return Fault.NONE;
        }
        puts.incrementAndGet();
        String path = URLDecoder.decode(target[0], StandardCharsets.UTF_8);
        return draw(path + " " + block(target[1]), putFaults);
    }

    /** The block number a block's PUT query names, or {@code block list} for the commit. */
    private static String block(String query) {
        for (String parameter : query.split("&")) {
            if (parameter.startsWith("blockid=")) {
                String id = URLDecoder.decode(parameter.substring(8), StandardCharsets.UTF_8);
                String decoded = new String(Base64.getDecoder().decode(id), StandardCharsets.UTF_8);
                return "block " + decoded.substring(decoded.lastIndexOf('-') + 1);
            }
        }
        return "block list";
    }

    /** The fault {@code policy} draws for the next attempt of {@code key}, counted. */
    private Fault draw(String key, FaultInjectingBlobStore.Policy policy) {
        int attempt = attempts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        Fault fault = policy.onGet(key, attempt);
        if (fault != Fault.NONE) {
            injected.computeIfAbsent(fault, f -> new AtomicInteger()).incrementAndGet();
            faultedKeys.add(fault + " " + key);
        }
        return fault;
    }

    private void respond(List<String> request, InputStream fromServer, Socket client)
            throws IOException {
        List<String> response = head(fromServer);
        OutputStream toClient = client.getOutputStream();
        Fault fault = fault(request, response);
        if (fault == Fault.SLOW_DOWN || fault == Fault.INTERNAL_ERROR) {
            toClient.write(error(fault));
            return;
        }
        toClient.write(closing(response));
        if (fault == Fault.NONE) {
            fromServer.transferTo(toClient);
            return;
        }
        byte[] body = fromServer.readNBytes(Integer.parseInt(header(response, "content-length")));
        switch (fault) {
            case CORRUPT -> {
                body[body.length / 2] ^= 0x10;
                toClient.write(body);
            }
            case RESET -> {
                toClient.write(body, 0, body.length / 2);
                toClient.flush();
                client.setSoLinger(true, 0);
            }
            default -> toClient.write(body, 0, body.length / 2);
        }
    }

    private Fault fault(List<String> request, List<String> response) {
        if (!tarGet(request) || !response.get(0).matches("\\S+ 20[06].*")) {
            return Fault.NONE;
        }
        tarGets.incrementAndGet();
        return draw(path(request) + upTo(response), faults);
    }

    /** Whether {@code request} is a GET of a {@code .tar} blob. */
    private static boolean tarGet(List<String> request) {
        return request.get(0).startsWith("GET ") && path(request).endsWith(".tar");
    }

    /** The path of {@code request}, without its query. */
    private static String path(List<String> request) {
        return request.get(0).split(" ")[1].replaceFirst("\\?.*", "");
    }

    /** Where a ranged answer ends, or nothing for one that runs to the end of the blob. */
    private static String upTo(List<String> response) {
        String[] range = header(response, "content-range").split("[-/]");
        boolean toTheEnd =
                range.length < 3 || Long.parseLong(range[1]) + 1 == Long.parseLong(range[2]);
        return toTheEnd ? "" : " to " + range[1];
    }

    /** The answer of a 503, 500 or 403 {@code fault}. */
    private static byte[] error(Fault fault) {
        int status =
                switch (fault) {
                    case SLOW_DOWN -> 503;
                    case FORBIDDEN -> 403;
                    default -> 500;
                };
        String code =
                switch (status) {
                    case 503 -> "ServerBusy";
                    case 403 -> "AuthorizationFailure";
                    default -> "InternalError";
                };
        String body =
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>"
                        + code
                        + "</Code>"
                        + "<Message>injected</Message></Error>";
        return (("HTTP/1.1 "
                        + status
                        + " "
                        + code
                        + "\r\nx-ms-error-code: "
                        + code
                        + "\r\nContent-Type: application/xml\r\nContent-Length: "
                        + body.length()
                        + "\r\nConnection: close\r\n\r\n"
                        + body))
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The lines of a message's head, read up to and with the blank line. */
    private static List<String> head(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0; ) {
            if (b != '\n') {
                line.write(b);
            } else if (line.size() <= 1) {
                return lines;
            } else {
                lines.add(line.toString(StandardCharsets.ISO_8859_1).stripTrailing());
                line.reset();
            }
        }
        throw new IOException("the head ended early: " + lines);
    }

    /** {@code head} with its connection headers replaced by {@code Connection: close}. */
    private static byte[] closing(List<String> head) {
        StringBuilder out = new StringBuilder(head.get(0)).append("\r\n");
        for (String line : head.subList(1, head.size())) {
            String name = line.substring(0, line.indexOf(':')).toLowerCase(Locale.ROOT);
            if (!Set.of("connection", "keep-alive", "upgrade", "http2-settings").contains(name)) {
                out.append(line).append("\r\n");
            }
        }
        return out.append("Connection: close\r\n\r\n")
                .toString()
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String header(List<String> head, String name) {
        for (String line : head.subList(1, head.size())) {
            if (line.toLowerCase(Locale.ROOT).startsWith(name + ":")) {
                return line.substring(name.length() + 1).strip();
            }
        }
        return "";
    }
}
