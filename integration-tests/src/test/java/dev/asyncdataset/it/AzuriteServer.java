package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Azurite's Blob service, the Azure Storage emulator, started for the tests as a JUnit 5 extension
 * ({@code @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();}): from the
 * install the build made in {@code target/azurite} (system property {@code azurite.home}), on a
 * free loopback port, with its data in a folder of its own that is deleted with it; stopped after
 * the class. Where Node.js or that install is missing, the class's tests are skipped, saying so. It
 * can be {@linkplain #stop stopped} and {@linkplain #start started} again on the same port and
 * folder: Azurite keeps the blobs' metadata in LokiJS files saved every 5 seconds and on a graceful
 * stop (SIGTERM), so every blob written before the stop is there after the start.
 */
public final class AzuriteServer
        implements BeforeAllCallback, AfterAllCallback, UpstreamRestart.Restartable {

    /** Azurite's documented development account and key. */
    static final String ACCOUNT = "devstoreaccount1";

    private static final String KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    private static final long START_SECONDS = 60;
    private static final long STOP_SECONDS = 10;

    private Path blob;
    private Process process;
    private Path location;
    private int port;
    private BlobServiceClient client;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Path home = Path.of(System.getProperty("azurite.home", "target/azurite"));
        blob = home.resolve("node_modules/.bin/azurite-blob");
        assumeTrue(
                Files.isExecutable(blob),
                "needs Azurite, which the build installs with npm (Node.js) into " + home);
        location = Files.createTempDirectory("azurite");
        port = freePort();
        start();
        client =
                new BlobServiceClientBuilder()
                        .connectionString(connectionString())
                        .httpClient(new JdkHttpClientBuilder().build())
                        .buildClient();
    }

    /** Starts Azurite on this server's port and folder and waits until it accepts connections. */
    @Override
    public void start() throws Exception {
        process =
                new ProcessBuilder(
                                blob.toString(),
                                "--blobHost",
                                "127.0.0.1",
                                "--blobPort",
                                Integer.toString(port),
                                "--location",
                                location.toString(),
                                "--skipApiVersionCheck",
                                "--disableTelemetry",
                                "--silent")
                        .redirectErrorStream(true)
                        .redirectOutput(Redirect.appendTo(location.resolve("azurite.log").toFile()))
                        .start();
        awaitListening();
    }

    /**
     * Stops Azurite gracefully (SIGTERM: it answers the requests under way and saves its metadata)
     * and waits, bounded, until it has exited; fails if it does not exit in time or cleanly.
     */
    @Override
    public void stop() throws Exception {
        process.destroy();
        if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(
                    "Azurite did not stop cleanly in "
                            + STOP_SECONDS
                            + " s: "
                            + Files.readString(location.resolve("azurite.log")));
        }
    }

    /** Waits, bounded, until Azurite accepts connections; fails if it exits first. */
    private void awaitListening() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (true) {
            try {
                new Socket(InetAddress.getLoopbackAddress(), port).close();
                return;
            } catch (IOException refused) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    String log = Files.readString(location.resolve("azurite.log"));
                    afterAll(null);
                    throw new IllegalStateException("Azurite did not start: " + log, refused);
                }
                Thread.sleep(50);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (location != null && Files.exists(location)) {
            try (Stream<Path> files = Files.walk(location)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The port Azurite listens on. */
    int port() {
        return port;
    }

    /** The connection string of the development account, on {@code endpoint}. */
    static String connectionString(String endpoint) {
        return "DefaultEndpointsProtocol=http;AccountName="
                + ACCOUNT
                + ";AccountKey="
                + KEY
                + ";BlobEndpoint="
                + endpoint
                + "/"
                + ACCOUNT
                + ";";
    }

    /** The connection string of the development account on this server. */
    String connectionString() {
        return connectionString("http://127.0.0.1:" + port);
    }

    /** The credentials of the development account on this server. */
    AzureCredentials credentials() {
        return AzureCredentials.connectionString(connectionString());
    }

    /** The development account with a key that is not its own, which the server denies. */
    AzureCredentials deniedCredentials() {
        String other = Base64.getEncoder().encodeToString(new byte[64]);
        return AzureCredentials.connectionString(connectionString().replace(KEY, other));
    }

    /** A client of the container {@code name}, which is created if needed. */
    BlobContainerClient container(String name) {
        BlobContainerClient container = client.getBlobContainerClient(name);
        container.createIfNotExists();
        return container;
    }

    /** Uploads {@code blobs} (name to bytes) under {@code prefix} of {@code container}. */
    void upload(String container, String prefix, Map<String, byte[]> blobs) {
        BlobContainerClient target = container(container);
        blobs.forEach(
                (name, bytes) ->
                        target.getBlobClient(prefix + name)
                                .upload(BinaryData.fromBytes(bytes), true));
    }
}
