package dev.asyncdataset.examples.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link BenchS3Servers} in a child JVM on this process's class path, serving a folder of random
 * objects at 0 ms added latency, so that the benchmark's process CPU time holds the client's cost
 * only. Credentials are random; the server stops when this is closed.
 */
final class S3ServerProcess implements AutoCloseable {

    private static final Pattern ENDPOINT = Pattern.compile("\"0\": \"([^\"]+)\"");

    private final Process process;
    private final URI endpoint;
    private final String accessKey;
    private final String secretKey;

    private S3ServerProcess(Process process, URI endpoint, String accessKey, String secretKey) {
        this.process = process;
        this.endpoint = endpoint;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    /**
     * Writes {@code count} objects of {@code bytes} random bytes under {@code folder/class0/},
     * starts the server and uploads them to {@code url}.
     */
    static S3ServerProcess start(Path folder, int count, int bytes, String url) throws IOException {
        Path classDir = Files.createDirectories(folder.resolve("class0"));
        Random random = new Random(1);
        for (int i = 0; i < count; i++) {
            byte[] object = new byte[bytes];
            random.nextBytes(object);
            Files.write(classDir.resolve(String.format("%05d.jpg", i)), object);
        }
        String accessKey = "bench-" + UUID.randomUUID();
        String secretKey = UUID.randomUUID().toString();
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder builder =
                new ProcessBuilder(
                                java,
                                "-cp",
                                System.getProperty("java.class.path"),
                                BenchS3Servers.class.getName(),
                                folder.toString(),
                                url,
                                "0")
                        .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("AWS_ACCESS_KEY_ID", accessKey);
        builder.environment().put("AWS_SECRET_ACCESS_KEY", secretKey);
        Process process = builder.start();
        return new S3ServerProcess(process, readyEndpoint(process), accessKey, secretKey);
    }

    private static URI readyEndpoint(Process process) throws IOException {
        BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            Matcher matcher = ENDPOINT.matcher(line);
            if (line.startsWith("READY") && matcher.find()) {
                return URI.create(matcher.group(1));
            }
        }
        process.destroy();
        throw new IOException("S3 server process ended before READY: " + process.info());
    }

    /** Returns the server's endpoint, such as {@code http://127.0.0.1:PORT}. */
    URI endpoint() {
        return endpoint;
    }

    /** Returns the access key the server accepts. */
    String accessKey() {
        return accessKey;
    }

    /** Returns the secret key the server accepts. */
    String secretKey() {
        return secretKey;
    }

    /** Returns the server process's id, to read its CPU time from outside. */
    ProcessHandle handle() {
        return process.toHandle();
    }

    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
