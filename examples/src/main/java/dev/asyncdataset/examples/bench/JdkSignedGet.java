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
 * signer, {@link AwsV4HttpSigner}, with an unsigned payload: no SDK request pipeline at all.
 */
final class JdkSignedGet implements FetchClients.Get {

    private static final String UNSIGNED = "UNSIGNED-PAYLOAD";

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();
    private final URI endpoint;
    private final String bucket;
    private final AwsCredentials credentials;

    JdkSignedGet(URI endpoint, String bucket, AwsCredentials credentials) {
        this.endpoint = endpoint;
        this.bucket = bucket;
        this.credentials = credentials;
    }

    @Override
    public int get(String key) throws Exception {
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
        HttpResponse<byte[]> response =
                http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IOException(key + ": HTTP " + response.statusCode());
        }
        return response.body().length;
    }

    @Override
    public void close() {
        http.close();
    }
}
