package dev.asyncdataset.examples.bench;

import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.s3.S3Options;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3BaseClientBuilder;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3CrtAsyncClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The candidate S3 clients of {@link FetchCpuBenchmark}, each a blocking GET of one key called from
 * a virtual thread, all with the same concurrency and the SDK's defaults otherwise.
 */
final class FetchClients {

    /** One candidate: a blocking GET returning the object's bytes. */
    interface Get extends AutoCloseable {

        /**
         * GETs {@code key} and returns its length, having given back the body's recycled array
         * where the candidate takes one, as the loader does once an item is decoded.
         */
        int get(String key) throws Exception;
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
                "FolderSource s3:// fetch",
                sourceGet(source(url, endpoint, credentials, concurrency, true)));
        clients.put(
                "FolderSource s3:// fetch, checksums off",
                sourceGet(source(url, endpoint, credentials, concurrency, false)));
        clients.put(
                "SDK async, Netty, toBytes",
                asyncGet(netty(endpoint, credentials, concurrency), bucket));
        clients.put(
                "SDK sync, URL connection",
                syncGet(sync(endpoint, credentials, UrlConnectionHttpClient.builder()), bucket));
        clients.put(
                "SDK sync, Apache", syncGet(apache(endpoint, credentials, concurrency), bucket));
        clients.put(
                "SDK sync, Apache, into a reused array",
                new SyncIntoArray(apache(endpoint, credentials, concurrency), bucket));
        clients.put(
                "SDK sync, Apache 5, into a reused array",
                new SyncIntoArray(
                        sync(
                                endpoint,
                                credentials,
                                Apache5HttpClient.builder().maxConnections(concurrency)),
                        bucket));
        clients.put(
                "SDK CRT S3 client",
                asyncGet(crt(endpoint, credentials, concurrency).build(), bucket));
        clients.put(
                "SDK sync, Apache, body discarded",
                discarding(apache(endpoint, credentials, concurrency), bucket));
        clients.put(
                "SDK async, Netty, body discarded",
                discarding(netty(endpoint, credentials, concurrency), bucket));
        clients.put(
                "JDK HttpClient + AwsV4HttpSigner",
                JdkSignedGet.intoNewArrays(endpoint, bucket, credentials.resolveCredentials()));
        clients.put(
                "JDK HttpClient + AwsV4HttpSigner, into a reused array",
                JdkSignedGet.intoReusedArrays(endpoint, bucket, credentials.resolveCredentials()));
        return clients;
    }

    /** Images on the local server, checking bodies against their checksums or not. */
    private static LabeledImageSource source(
            String url,
            URI endpoint,
            AwsCredentialsProvider credentials,
            int concurrency,
            boolean verify)
            throws IOException {
        return FolderSource.builder()
                .setLocation(url)
                .optStore(options(endpoint, credentials, concurrency, verify))
                .build();
    }

    /** The store options of the local server, checking bodies against their checksums or not. */
    private static StoreOptions options(
            URI endpoint, AwsCredentialsProvider credentials, int concurrency, boolean verify) {
        return StoreOptions.builder()
                .optS3(
                        S3Options.builder()
                                .optEndpoint(endpoint)
                                .optPathStyle(true)
                                .optRegion("us-east-1")
                                .optCredentialsProvider(credentials)
                                .optMaxConnections(concurrency)
                                .optVerifyChecksums(verify)
                                .build())
                .build();
    }

    /** The SDK's blocking client for the local server on the Apache client. */
    private static S3Client apache(
            URI endpoint, AwsCredentialsProvider credentials, int concurrency) {
        return sync(endpoint, credentials, ApacheHttpClient.builder().maxConnections(concurrency));
    }

    /** The SDK's asynchronous client for the local server on Netty. */
    private static S3AsyncClient netty(
            URI endpoint, AwsCredentialsProvider credentials, int concurrency) {
        return local(S3AsyncClient.builder(), endpoint, credentials)
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().maxConcurrency(concurrency))
                .build();
    }

    /** The SDK's blocking client for the local server on {@code http}. */
    private static S3Client sync(
            URI endpoint, AwsCredentialsProvider credentials, SdkHttpClient.Builder<?> http) {
        return local(S3Client.builder(), endpoint, credentials).httpClientBuilder(http).build();
    }

    /** Path-style requests to the local server's endpoint with its credentials. */
    private static <B extends S3BaseClientBuilder<B, ?>> B local(
            B builder, URI endpoint, AwsCredentialsProvider credentials) {
        return builder.endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials);
    }

    private static Get sourceGet(LabeledImageSource source) {
        return new Get() {
            @Override
            public int get(String key) throws Exception {
                long index = index(key);
                ByteBuffer body = source.fetch(null, index);
                int length = body.remaining();
                source.release(index, body);
                return length;
            }

            @Override
            public void close() {
                source.close();
            }
        };
    }

    /** The benchmark's keys are {@code prefix/NNNNN.jpg}, listed in order: the index is NNNNN. */
    private static long index(String key) {
        return Long.parseLong(
                key.substring(key.lastIndexOf('/') + 1, key.length() - ".jpg".length()));
    }

    private static Get asyncGet(S3AsyncClient client, String bucket) {
        return new Get() {
            @Override
            public int get(String key) {
                return client.getObject(
                                r -> r.bucket(bucket).key(key), AsyncResponseTransformer.toBytes())
                        .join()
                        .asByteArrayUnsafe()
                        .length;
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    /** The SDK's CRT client for the local server, path-style, with its own defaults otherwise. */
    private static S3CrtAsyncClientBuilder crt(
            URI endpoint, AwsCredentialsProvider credentials, int concurrency) {
        return S3AsyncClient.crtBuilder()
                .endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .maxConcurrency(concurrency);
    }

    /**
     * A blocking client (the SDK's Apache client, as {@code FolderSource} over {@code s3://} GETs
     * with), each body read into one scratch array per thread and dropped: what the SDK alone
     * allocates and spends per GET, without the body's array and without the checksum.
     */
    private static Get discarding(S3Client client, String bucket) {
        ThreadLocal<byte[]> scratch = ThreadLocal.withInitial(() -> new byte[1 << 16]);
        return new Get() {
            @Override
            public int get(String key) throws IOException {
                byte[] into = scratch.get();
                int length = 0;
                try (var in = client.getObject(r -> r.bucket(bucket).key(key))) {
                    for (int n; (n = in.read(into)) >= 0; ) {
                        length += n;
                    }
                }
                return length;
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    /**
     * An asynchronous client on the SDK's Netty client with its defaults (the library lists and
     * uploads on Netty with smaller buffer pools of its own), each body's chunks counted and
     * dropped: what the SDK's Netty path alone allocates and spends per GET.
     */
    private static Get discarding(S3AsyncClient client, String bucket) {
        return new Get() {
            @Override
            public int get(String key) {
                long[] received = {0};
                client.getObject(
                                r -> r.bucket(bucket).key(key),
                                AsyncResponseTransformer.<GetObjectResponse>toPublisher())
                        .join()
                        .subscribe(chunk -> received[0] += chunk.remaining())
                        .join();
                return Math.toIntExact(received[0]);
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
            public int get(String key) {
                return client.getObjectAsBytes(r -> r.bucket(bucket).key(key))
                        .asByteArrayUnsafe()
                        .length;
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }
}
