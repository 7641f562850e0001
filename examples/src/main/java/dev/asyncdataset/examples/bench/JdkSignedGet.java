package dev.asyncdataset.examples.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;

/**
 * The JDK's {@link HttpClient} (HTTP/1.1) GETting path-style URLs signed by the SDK's own SigV4
 * signer, {@link AwsV4HttpSigner}, with an unsigned payload: no SDK request pipeline at all. Each
 * body goes into a new array, unchecked, or, {@linkplain #intoReusedArrays into reused arrays},
 * through an {@link ArrayBodySubscriber}, checked against its ETag.
 */
final class JdkSignedGet implements FetchClients.Get {

    private static final String UNSIGNED = "UNSIGNED-PAYLOAD";

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();
    private final URI endpoint;
    private final String bucket;
    private final AwsCredentials credentials;
    private final ReusedBodies bodies;

    private JdkSignedGet(
            URI endpoint, String bucket, AwsCredentials credentials, ReusedBodies bodies) {
        this.endpoint = endpoint;
        this.bucket = bucket;
        this.credentials = credentials;
        this.bodies = bodies;
    }

    /** Each body into a new array ({@link HttpResponse.BodyHandlers#ofByteArray}), unchecked. */
    static JdkSignedGet intoNewArrays(URI endpoint, String bucket, AwsCredentials credentials) {
        return new JdkSignedGet(endpoint, bucket, credentials, null);
    }

    /** Each body into a reused array, checked against its ETag's MD5. */
    static JdkSignedGet intoReusedArrays(URI endpoint, String bucket, AwsCredentials credentials) {
        return new JdkSignedGet(endpoint, bucket, credentials, new ReusedBodies());
    }

    @Override
    public int get(String key) throws Exception {
        HttpRequest request = signed(key);
        if (bodies == null) {
            return ok(key, http.send(request, HttpResponse.BodyHandlers.ofByteArray())).length;
        }
        ReusedBodies.Slot slot = bodies.take();
        try {
            HttpResponse<Integer> response = http.send(request, info -> into(slot, info));
            int length = ok(key, response);
            slot.check(key, length, response.headers().firstValue("ETag").orElse(null));
            return length;
        } finally {
            bodies.give(slot);
        }
    }

    private static HttpResponse.BodySubscriber<Integer> into(
            ReusedBodies.Slot slot, HttpResponse.ResponseInfo info) {
        if (info.statusCode() != 200) {
            return HttpResponse.BodySubscribers.replacing(-1);
        }
        int length = (int) info.headers().firstValueAsLong("Content-Length").orElseThrow();
        return new ArrayBodySubscriber(slot.array(length), length);
    }

    private static <T> T ok(String key, HttpResponse<T> response) throws IOException {
        if (response.statusCode() != 200) {
            throw new IOException(key + ": HTTP " + response.statusCode());
        }
        return response.body();
    }

    /** A GET of {@code key}, signed. */
    private HttpRequest signed(String key) {
        SdkHttpRequest unsigned =
                SdkHttpRequest.builder()
                        .method(SdkHttpMethod.GET)
                        .uri(endpoint.resolve("/" + bucket + "/" + key))
                        .putHeader("x-amz-content-sha256", UNSIGNED)
                        .build();
        SignedRequest signed =
                signer.sign(
                        r ->
                                r.identity(credentials)
                                        .request(unsigned)
                                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "s3")
                                        .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                                        .putProperty(
                                                AwsV4HttpSigner.PAYLOAD_SIGNING_ENABLED, false));
        HttpRequest.Builder request = HttpRequest.newBuilder(signed.request().getUri()).GET();
        for (Map.Entry<String, List<String>> header : signed.request().headers().entrySet()) {
            if (!header.getKey().equalsIgnoreCase("Host")) {
                header.getValue().forEach(value -> request.header(header.getKey(), value));
            }
        }
        return request.build();
    }

    @Override
    public void close() {
        http.close();
    }
}
