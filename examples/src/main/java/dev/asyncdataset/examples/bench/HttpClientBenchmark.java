package dev.asyncdataset.examples.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.examples.s3.S3Connection;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Netty vs CRT for the S3 store's GETs: throughput of 1,000 parallel GETs of 110 KB objects from an
 * in-process S3Proxy with 20 ms per GET, 64 connections, median of 3 runs after 3 warm-up runs, in
 * rounds that alternate which client goes first (see docs/storage.md).
 *
 * <p>Usage: {@code HttpClientBenchmark [LATENCY-MS]} (20 by default).
 */
public final class HttpClientBenchmark {

    private static final int OBJECTS = 1_000;
    private static final int CONNECTIONS = 64;
    private static final int WARM_UP_RUNS = 3;
    private static final int ROUNDS = 4;
    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private HttpClientBenchmark() {}

    /**
     * Uploads the objects, then measures both clients.
     *
     * @param args the latency per request in milliseconds, optional
     * @throws Exception if a server cannot start or a request fails
     */
    public static void main(String[] args) throws Exception {
        long latency = args.length > 0 ? Long.parseLong(args[0]) : 20;
        TransientNio2BlobStore store = new TransientNio2BlobStore();
        AwsBasicCredentials credentials =
                AwsBasicCredentials.create(
                        "local-" + UUID.randomUUID(), UUID.randomUUID().toString());
        try (EmbeddedS3Proxy uploads = EmbeddedS3Proxy.start(store, 0, 0, credentials);
                EmbeddedS3Proxy server = EmbeddedS3Proxy.start(store, latency, 0, credentials)) {
            upload(uploads.connection());
            Map<String, Function<S3Connection, S3AsyncClient>> clients = new LinkedHashMap<>();
            clients.put("netty", HttpClientBenchmark::netty);
            clients.put("crt", HttpClientBenchmark::crt);
            for (int round = 0; round < ROUNDS; round++) {
                List<String> order = new ArrayList<>(clients.keySet());
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (String name : order) {
                    measure(name, clients.get(name).apply(server.connection()), latency);
                }
            }
        }
    }

    private static void upload(S3Connection connection) {
        SplittableRandom random = new SplittableRandom(1);
        try (S3Client s3 = connection.syncClient()) {
            s3.createBucket(b -> b.bucket("bench"));
            for (int i = 0; i < OBJECTS; i++) {
                byte[] bytes = new byte[110_000];
                random.nextBytes(bytes);
                int index = i;
                s3.putObject(
                        b -> b.bucket("bench").key("obj/" + index), RequestBody.fromBytes(bytes));
            }
        }
    }

    /** Warms up, then prints the median of 3 runs: throughput and process CPU per GET. */
    private static void measure(String name, S3AsyncClient client, long latency) {
        try (S3AsyncClient s3 = client) {
            for (int i = 0; i < WARM_UP_RUNS; i++) {
                run(s3);
            }
            double[] rates = new double[3];
            double[] cpuMicros = new double[3];
            for (int i = 0; i < 3; i++) {
                long cpu = PROCESS.getProcessCpuTime();
                rates[i] = run(s3);
                cpuMicros[i] = (PROCESS.getProcessCpuTime() - cpu) / 1e3 / OBJECTS;
            }
            Arrays.sort(rates);
            Arrays.sort(cpuMicros);
            System.out.printf(
                    "latency %d ms, %-5s: runs %.0f %.0f %.0f GET/s, median %.0f GET/s (%.1f MB/s),"
                            + " process CPU per GET (client + server) median %.0f us%n",
                    latency,
                    name,
                    rates[0],
                    rates[1],
                    rates[2],
                    rates[1],
                    rates[1] * 0.110,
                    cpuMicros[1]);
        }
    }

    /** Issues all GETs at once; returns GETs per second. */
    private static double run(S3AsyncClient s3) {
        long start = System.nanoTime();
        List<CompletableFuture<?>> gets = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i++) {
            int index = i;
            gets.add(
                    s3.getObject(
                            r -> r.bucket("bench").key("obj/" + index),
                            AsyncResponseTransformer.toBytes()));
        }
        CompletableFuture.allOf(gets.toArray(CompletableFuture[]::new)).join();
        return OBJECTS / ((System.nanoTime() - start) / 1e9);
    }

    private static S3AsyncClient netty(S3Connection connection) {
        return S3AsyncClient.builder()
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().maxConcurrency(CONNECTIONS))
                .endpointOverride(connection.endpoint())
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(connection.credentials())
                .build();
    }

    private static S3AsyncClient crt(S3Connection connection) {
        return S3AsyncClient.crtBuilder()
                .maxConcurrency(CONNECTIONS)
                .endpointOverride(connection.endpoint())
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(connection.credentials())
                .build();
    }
}
