package dev.asyncdataset.internal.io;

import java.net.ConnectException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/**
 * Tells a store that cannot be reached at all from one that failed for a moment: a refused
 * connection, an unknown host, or a TLS handshake that fails (an {@code https} URL to a plain-HTTP
 * port). Before a store ever answered these are configuration errors (a wrong endpoint, host or
 * scheme) and retrying them for the whole budget only delays the message; after it answered, the
 * same errors mean it is restarting and are retried ({@link Retrier}).
 */
final class Unreachable {

    private Unreachable() {}

    /** What makes {@code error} a configuration error at first contact, or null if nothing does. */
    static String reason(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof UnknownHostException) {
                return "unknown host";
            }
            if (e instanceof SSLException || e.getClass().getSimpleName().startsWith("NotSsl")) {
                return "TLS handshake failed (an https URL to a plain-HTTP port?)";
            }
            if (e instanceof ConnectException && isRefusal(e)) {
                return "connection refused";
            }
        }
        return null;
    }

    /** A refusal, not a connect timeout (which may pass, and some clients also type so). */
    private static boolean isRefusal(Throwable e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return !e.getClass().getSimpleName().contains("Timeout") && !message.contains("timed out");
    }
}
