package dev.asyncdataset.internal.io;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.Locale;
import java.util.function.Predicate;
import javax.net.ssl.SSLException;

/**
 * Tells a store that cannot be reached at all from one that failed for a moment: a refused
 * connection, an unknown host, or a TLS handshake that fails (an {@code https} URL to a plain-HTTP
 * port, a certificate not trusted), each named as what it is. Before a store ever answered these
 * are configuration errors (a wrong endpoint, host or scheme) and retrying them for the whole
 * budget only delays the message; after it answered, the same errors mean it is restarting and are
 * retried ({@link Retrier}). An unknown host is named so wherever it is in the chain: the JDK's
 * HTTP client wraps it in a {@link ConnectException}. A store's {@link EndpointNote} (where its
 * address comes from) is added to the reason. A client that reports only a closed connection where
 * the handshake failed (Netty's) is told apart by a {@link TlsProbe}.
 */
final class Unreachable {

    private Unreachable() {}

    /**
     * What makes {@code error} a configuration error at first contact, or null if nothing does; a
     * closed connection is one when {@code tls} finds that the endpoint's handshake fails.
     */
    static String reason(Throwable error, TlsProbe tls) {
        String reason = reason(error);
        if (reason == null && has(error, ClosedChannelException.class)) {
            SSLException failure = tls.failure();
            reason = failure == null ? null : tlsReason(failure);
        }
        Throwable note = first(error, EndpointNote.class::isInstance);
        return reason == null || note == null ? reason : reason + " (" + note.getMessage() + ")";
    }

    private static String reason(Throwable error) {
        Throwable unknown = first(error, UnknownHostException.class::isInstance);
        if (unknown != null && unknown.getMessage() != null) {
            return "unknown host " + unknown.getMessage();
        }
        if (unknown != null || has(error, UnresolvedAddressException.class)) {
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

    /**
     * The cause of a failed handshake: a plain-HTTP port, a certificate this JVM does not trust
     * (PKIX: no path to a trusted CA) or does not accept (another host's, expired), or else the TLS
     * error itself.
     */
    private static String tlsReason(Throwable e) {
        if (isPlaintext(e)) {
            return "TLS handshake failed: the port answers plain HTTP (an https URL to a"
                    + " plain-HTTP port: use http://)";
        }
        Throwable path = first(e, Unreachable::isCertificatePath);
        if (path != null) {
            return "TLS handshake failed: the server's certificate is not trusted ("
                    + path.getMessage()
                    + "): a self-signed or private CA's certificate must be in the JVM's trust"
                    + " store (javax.net.ssl.trustStore)";
        }
        Throwable certificate = first(e, c -> c instanceof CertificateException);
        if (certificate != null) {
            return "TLS handshake failed: the server's certificate was refused ("
                    + certificate.getMessage()
                    + ")";
        }
        return "TLS handshake failed (" + e.getMessage() + ")";
    }

    /** No path from a certificate to a trusted CA: PKIX path building or validation failed. */
    private static boolean isCertificatePath(Throwable e) {
        return e instanceof CertPathBuilderException
                || e instanceof CertPathValidatorException
                || String.valueOf(e.getMessage()).startsWith("PKIX");
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
        return first(error, kind::isInstance) != null;
    }

    /** The first of {@code error} and its causes that is {@code kind}, or null. */
    private static Throwable first(Throwable error, Predicate<Throwable> kind) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (kind.test(e)) {
                return e;
            }
        }
        return null;
    }

    /** A refusal, not a connect timeout (which may pass, and some clients also type so). */
    private static boolean isRefusal(Throwable e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return !e.getClass().getSimpleName().contains("Timeout") && !message.contains("timed out");
    }
}
