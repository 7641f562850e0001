package dev.asyncdataset.examples.bench;

import dev.asyncdataset.source.s3.S3Source;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3BaseClientBuilder;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The candidate S3 clients of {@link FetchCpuBenchmark}, each a blocking GET of one key called from
 * a virtual thread, all with the same concurrency and the SDK's defaults otherwise.
 */
final class FetchClients {

    /** One candidate: a blocking GET returning the object's bytes. */
    interface Get extends AutoCloseable {

        /** GETs {@code key} and returns its bytes. */
        byte[] get(String key) throws Exception;
    }

    private FetchClients() {}

    /** Returns every candidate by name, in the order of the table. */
    static Map<String, Get> all(S3ServerProcess server, String url, String bucket, int concurrency)
            throws Exception {
        URI endpoint = server.endpoint();
        var credentials =
                StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(server.accessKey(), server.secretKey()));
        Map<String, Get> clients = new LinkedHashMap<>();
        clients.put(
                "S3Source.fetch (Netty async)",
                sourceGet(source(url, endpoint, credentials, concurrency, true)));
        clients.put(
                "S3Source.fetch, checksums off",
                sourceGet(source(url, endpoint, credentials, concurrency, false)));
        S3AsyncClient netty =
                local(S3AsyncClient.builder(), endpoint, credentials)
                        .httpClientBuilder(
                                NettyNioAsyncHttpClient.builder().maxConcurrency(concurrency))
                        .build();
        clients.put("SDK async, Netty, toBytes", asyncGet(netty, bucket));
        S3Client urlConnection =
                local(S3Client.builder(), endpoint, credentials)
                        .httpClientBuilder(UrlConnectionHttpClient.builder())
                        .build();
        clients.put("SDK sync, URL connection", syncGet(urlConnection, bucket));
        S3Client apache =
                local(S3Client.builder(), endpoint, credentials)
                        .httpClientBuilder(ApacheHttpClient.builder().maxConnections(concurrency))
                        .build();
        clients.put("SDK sync, Apache", syncGet(apache, bucket));
        S3AsyncClient crt =
                S3AsyncClient.crtBuilder()
                        .endpointOverride(endpoint)
                        .forcePathStyle(true)
                        .region(Region.US_EAST_1)
                        .credentialsProvider(credentials)
                        .maxConcurrency(concurrency)
                        .build();
        clients.put("SDK CRT S3 client", asyncGet(crt, bucket));
        clients.put(
                "JDK HttpClient + AwsV4HttpSigner",
                new JdkSignedGet(endpoint, bucket, credentials.resolveCredentials()));
        return clients;
    }

    /** {@code S3Source} on the local server, checking bodies against their checksums or not. */
    private static S3Source source(
            String url,
            URI endpoint,
            AwsCredentialsProvider credentials,
            int concurrency,
            boolean verify)
            throws IOException {
        return S3Source.builder()
                .setUrl(url)
                .optEndpoint(endpoint)
                .optPathStyle(true)
                .optRegion("us-east-1")
                .optCredentialsProvider(credentials)
                .optMaxConnections(concurrency)
                .optVerifyChecksums(verify)
                .build();
    }

    /** Path-style requests to the local server's endpoint with its credentials. */
    private static <B extends S3BaseClientBuilder<B, ?>> B local(
            B builder, URI endpoint, AwsCredentialsProvider credentials) {
        return builder.endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials);
    }

    private static Get sourceGet(S3Source source) {
        String prefix = url(source);
        return new Get() {
            @Override
            public byte[] get(String key) throws Exception {
                return source.fetch(null, index(key, prefix));
            }

            @Override
            public void close() {
                source.close();
            }
        };
    }

    private static String url(S3Source source) {
        return source.key(0).substring(0, source.key(0).lastIndexOf('/') + 1);
    }

    /** The benchmark's keys are {@code prefix/NNNNN.jpg}, listed in order: the index is NNNNN. */
    private static long index(String key, String prefix) {
        return Long.parseLong(key.substring(prefix.length(), key.length() - ".jpg".length()));
    }

    private static Get asyncGet(S3AsyncClient client, String bucket) {
        return new Get() {
            @Override
            public byte[] get(String key) {
                return client.getObject(
                                r -> r.bucket(bucket).key(key), AsyncResponseTransformer.toBytes())
                        .join()
                        .asByteArrayUnsafe();
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    private static Get syncGet(S3Client client, String bucket) {
        return new Get() {
            @Override
            public byte[] get(String key) {
                return client.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArrayUnsafe();
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }
}
