package dev.asyncdataset.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for {@code 127.0.0.1} and {@code localhost}, made by the JDK's {@code
 * keytool}: the key for a test's TLS server, and a client context that trusts it (the JVM's default
 * one does not).
 */
public final class SelfSignedTls {

    private static final char[] PASSWORD = "changeit".toCharArray();

    private final KeyStore keys;

    private SelfSignedTls(KeyStore keys) {
        this.keys = keys;
    }

    /** Makes a key and certificate in {@code dir}. */
    public static SelfSignedTls create(Path dir) throws IOException, GeneralSecurityException {
        Path store = dir.resolve("tls-" + System.nanoTime() + ".p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command =
                List.of(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "test",
                        "-keyalg",
                        "EC",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "san=ip:127.0.0.1,dns:localhost",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        new String(PASSWORD));
        run(new ProcessBuilder(command).redirectErrorStream(true));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD);
        }
        return new SelfSignedTls(keys);
    }

    private static void run(ProcessBuilder builder) throws IOException {
        Process process = builder.start();
        try {
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IOException("keytool failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for keytool", e);
        } finally {
            process.destroy();
        }
    }

    /** The server's context: it presents the certificate. */
    public SSLContext server() throws GeneralSecurityException {
        KeyManagerFactory managers =
                KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(keys, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(managers.getKeyManagers(), null, null);
        return context;
    }

    /** A client's context that trusts the certificate. */
    public SSLContext trusting() throws GeneralSecurityException {
        TrustManagerFactory trust =
                TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(keys);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
