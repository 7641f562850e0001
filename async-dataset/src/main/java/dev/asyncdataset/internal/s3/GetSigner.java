package dev.asyncdataset.internal.s3;

import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignerProperty;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.IdentityProvider;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.utils.CompletableFutureUtils;
import software.amazon.awssdk.utils.http.SdkHttpUtils;

/**
 * Builds a GetObject request as the SDK marshals it (the key URL-encoded except its slashes, the
 * Range, If-Match and checksum-mode headers) and signs it with the SDK's SigV4 signer as the SDK
 * signs S3 requests: no double URL encoding, no path normalization, an unsigned payload; the
 * credentials come from the client's provider, which caches and refreshes them, and its failure is
 * thrown as the SDK throws it.
 */
final class GetSigner {

    private static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";

    private static final SignerProperty<String> SIGNING_NAME =
            AwsV4FamilyHttpSigner.SERVICE_SIGNING_NAME;
    private static final SignerProperty<String> REGION = AwsV4HttpSigner.REGION_NAME;
    private static final SignerProperty<Boolean> DOUBLE_URL_ENCODE =
            AwsV4FamilyHttpSigner.DOUBLE_URL_ENCODE;
    private static final SignerProperty<Boolean> NORMALIZE_PATH =
            AwsV4FamilyHttpSigner.NORMALIZE_PATH;
    private static final SignerProperty<Boolean> PAYLOAD_SIGNING =
            AwsV4FamilyHttpSigner.PAYLOAD_SIGNING_ENABLED;

    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();
    private final IdentityProvider<? extends AwsCredentialsIdentity> credentials;

    GetSigner(IdentityProvider<? extends AwsCredentialsIdentity> credentials) {
        this.credentials = credentials;
    }

    /** The GET of {@code request} at {@code endpoint}, signed. */
    SdkHttpRequest sign(BucketEndpoint endpoint, GetObjectRequest request) {
        AwsCredentialsIdentity identity =
                CompletableFutureUtils.joinLikeSync(credentials.resolveIdentity());
        return signer.sign(
                        r ->
                                r.identity(identity)
                                        .request(unsigned(endpoint, request))
                                        .putProperty(SIGNING_NAME, endpoint.signingName())
                                        .putProperty(REGION, endpoint.signingRegion())
                                        .putProperty(DOUBLE_URL_ENCODE, false)
                                        .putProperty(NORMALIZE_PATH, false)
                                        .putProperty(PAYLOAD_SIGNING, false))
                .request();
    }

    /** The GET of {@code request} at {@code endpoint}, before signing: as the SDK marshals it. */
    private static SdkHttpRequest unsigned(BucketEndpoint endpoint, GetObjectRequest request) {
        SdkHttpRequest.Builder get =
                SdkHttpRequest.builder()
                        .method(SdkHttpMethod.GET)
                        .uri(endpoint.uri())
                        .encodedPath(
                                endpoint.path()
                                        + SdkHttpUtils.urlEncodeIgnoreSlashes(request.key()))
                        .putHeader("x-amz-content-sha256", UNSIGNED_PAYLOAD);
        if (request.range() != null) {
            get.putHeader("Range", request.range());
        }
        if (request.ifMatch() != null) {
            get.putHeader("If-Match", request.ifMatch());
        }
        if (request.checksumModeAsString() != null) {
            get.putHeader("x-amz-checksum-mode", request.checksumModeAsString());
        }
        return get.build();
    }
}
