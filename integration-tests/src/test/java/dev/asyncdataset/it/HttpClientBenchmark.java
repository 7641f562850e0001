package dev.asyncdataset.it;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * Netty vs CRT for S3Source's GETs: throughput of 1,000 parallel GETs of 110 KB objects from an
 * in-process S3Proxy with 20 ms per GET, 64 connections, median of 3 runs after a warm-up. A
 * program, not a test: run it with the test classpath (see docs/storage.md).
 */
public final class HttpClientBenchmark {

    private static final int OBJECTS = 1_000;
    private static final int CONNECTIONS = 64;

    private HttpClientBenchmark() {}

    public static void main(String[] args) throws Exception {
        long latency = args.length > 0 ? Long.parseLong(args[0]) : 20;
        try (S3ProxyServer server = new S3ProxyServer(latency)) {
            server.start();
            Map<String, byte[]> objects = new LinkedHashMap<>();
            SplittableRandom random = new SplittableRandom(1);
            for (int i = 0; i < OBJECTS; i++) {
                byte[] bytes = new byte[110_000];
                random.nextBytes(bytes);
                objects.put("obj/" + i, bytes);
            }
            server.upload("bench", "", objects);
            Map<String, Function<URI, S3AsyncClient>> clients = new LinkedHashMap<>();
            clients.put("netty", HttpClientBenchmark::netty);
            clients.put("crt", HttpClientBenchmark::crt);
            for (int round = 0; round < 2; round++) {
                for (var client : clients.entrySet()) {
                    try (S3AsyncClient s3 = client.getValue().apply(server.endpoint())) {
                        run(s3);
                        List<Double> rates = new ArrayList<>();
                        for (int i = 0; i < 3; i++) {
                            rates.add(run(s3));
                        }
                        rates.sort(null);
                        System.out.printf("latency %d ms, %s: %s GET/s, median %.0f GET/s (%.1f MB/s)%n", latency,
                                client.getKey(), rates, rates.get(1), rates.get(1) * 0.110);
                    }
                }
            }
        }
    }

    /** Issues all GETs at once; returns GETs per second. */
    private static double run(S3AsyncClient s3) {
        long start = System.nanoTime();
        List<CompletableFuture<?>> gets = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i++) {
            int index = i;
            gets.add(s3.getObject(r -> r.bucket("bench").key("obj/" + index), AsyncResponseTransformer.toBytes()));
        }
        CompletableFuture.allOf(gets.toArray(CompletableFuture[]::new)).join();
        return OBJECTS / ((System.nanoTime() - start) / 1e9);
    }

    private static S3AsyncClient netty(URI endpoint) {
        return S3AsyncClient.builder()
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().maxConcurrency(CONNECTIONS))
                .endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials())
                .build();
    }

    private static S3AsyncClient crt(URI endpoint) {
        return S3AsyncClient.crtBuilder()
                .maxConcurrency(CONNECTIONS)
                .endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials())
                .build();
    }

    private static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("it-access-key", "it-secret-key"));
    }
}
