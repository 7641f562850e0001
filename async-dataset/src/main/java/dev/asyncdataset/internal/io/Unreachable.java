package dev.asyncdataset.internal.io;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Tells a store that cannot be reached at all from one that failed for a moment: a refused
 * connection, an unknown host, or a TLS handshake that fails (an {@code https} URL to a plain-HTTP
 * port). Before a store ever answered these are configuration errors (a wrong endpoint, host or
 * scheme) and retrying them for the whole budget only delays the message; after it answered, the
 * same errors mean it is restarting and are retried ({@link Retrier}). An unknown host is named so
 * wherever it is in the chain: the JDK's HTTP client wraps it in a {@link ConnectException}. A
 * client that reports only a closed connection where the handshake failed (Netty's) is told apart
 * by a {@link TlsProbe}.
 */
final class Unreachable {

    private Unreachable() {}

    /**
     * What makes {@code error} a configuration error at first contact, or null if nothing does; a
     * closed connection is one when {@code tls} finds that the endpoint's handshake fails.
     */
    static String reason(Throwable error, TlsProbe tls) {
        String reason = reason(error);
        if (reason != null || !has(error, ClosedChannelException.class)) {
            return reason;
        }
        SSLException failure = tls.failure();
        return failure == null ? null : tlsReason(failure);
    }

    private static String reason(Throwable error) {
        if (has(error, UnknownHostException.class)
                || has(error, UnresolvedAddressException.class)) {
            return "unknown host";
        }
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof SSLException || e.getClass().getSimpleName().startsWith("NotSsl")) {
                return tlsReason(e);
            }
            if (e instanceof ConnectException && isRefusal(e)) {
                return "connection refused";
            }
        }
        return null;
    }

    private static String tlsReason(Throwable e) {
        return isPlaintext(e)
                ? "TLS handshake failed: the port answers plain HTTP (an https URL to a"
                        + " plain-HTTP port: use http://)"
                : "TLS handshake failed (an https URL to a plain-HTTP port?)";
    }

    /**
     * A TLS client's answer to bytes that are no TLS record: the JDK's "Unrecognized SSL message,
     * plaintext connection?" or "Unsupported or unrecognized SSL message", Netty's {@code
     * NotSslRecordException}.
     */
    private static boolean isPlaintext(Throwable e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return e.getClass().getSimpleName().startsWith("NotSsl")
                || message.contains("unrecognized ssl message")
                || message.contains("plaintext connection");
    }

    private static boolean has(Throwable error, Class<? extends Throwable> kind) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (kind.isInstance(e)) {
                return true;
            }
        }
        return false;
    }

    /** A refusal, not a connect timeout (which may pass, and some clients also type so). */
    private static boolean isRefusal(Throwable e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return !e.getClass().getSimpleName().contains("Timeout") && !message.contains("timed out");
    }
}
