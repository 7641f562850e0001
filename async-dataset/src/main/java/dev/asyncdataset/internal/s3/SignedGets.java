package dev.asyncdataset.internal.s3;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ServiceClientConfiguration;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * GETs objects on the SDK client's own HTTP client, signed by the SDK's SigV4 signer, without the
 * SDK's per-request pipeline (interceptors, marshalling, endpoint and auth-scheme rules, execution
 * attributes), which cost a large part of the loader's CPU per GET. What the pipeline decides once
 * per bucket is taken from the SDK client itself: its credentials provider, its region and its
 * endpoint rules, which give each bucket's URL and signing region ({@link BucketEndpoint}), cached
 * per bucket. A 2xx response is read here; the errors a loader meets (missing key, failed
 * precondition, throttling, 5xx) become the {@code S3Exception}s the SDK would throw ({@link
 * S3ErrorResponses}); a redirect to the bucket's region is followed once the region is learnt; any
 * other response is sent again through the SDK client, which handles it as before.
 */
final class SignedGets {

    /**
     * The SDK client's response stream without the SDK's own abort timer (a task per response, due
     * in 60 s): the store's reads bound the body themselves.
     */
    static final ResponseTransformer<GetObjectResponse, ResponseInputStream<GetObjectResponse>>
            STREAM = ResponseTransformer.toInputStream(Duration.ZERO);

    private final SdkHttpClient http;
    private final S3Client sdk;
    private final GetSigner signer;
    private final BucketEndpoint.Resolver resolver;
    private final boolean crossRegion;
    private final Duration headersTimeout;

    /** Each bucket's endpoint, or empty for a bucket read through the SDK client. */
    private final Map<String, Optional<BucketEndpoint>> buckets = new ConcurrentHashMap<>();

    /**
     * GETs on {@code http}, as {@code sdk} (which sends on the same client) would send them.
     *
     * @param headersTimeout how long a GET may wait for its response headers
     */
    SignedGets(SdkHttpClient http, S3Client sdk, boolean pathStyle, Duration headersTimeout) {
        S3ServiceClientConfiguration config = sdk.serviceClientConfiguration();
        this.http = http;
        this.sdk = sdk;
        this.signer = new GetSigner(config.credentialsProvider());
        this.resolver = new BucketEndpoint.Resolver(config, pathStyle);
        this.crossRegion = Boolean.TRUE.equals(config.crossRegionAccessEnabled());
        this.headersTimeout = headersTimeout;
    }

    /**
     * Sends {@code request} and returns once its headers came: the response and its body.
     *
     * @throws software.amazon.awssdk.core.exception.SdkException as the SDK client would throw
     */
    ResponseInputStream<GetObjectResponse> open(GetObjectRequest request) {
        Optional<BucketEndpoint> endpoint =
                buckets.computeIfAbsent(
                        request.bucket(), bucket -> Optional.ofNullable(resolver.resolve(bucket)));
        if (endpoint.isEmpty()) {
            return sdk.getObject(request, STREAM);
        }
        HttpExecuteResponse response = send(endpoint.get(), request);
        String region = movedTo(endpoint.get(), response.httpResponse());
        if (region == null) {
            return answer(request, response);
        }
        S3ErrorResponses.body(response.responseBody().orElse(null));
        Optional<BucketEndpoint> moved =
                Optional.ofNullable(resolver.resolve(request.bucket(), region));
        buckets.put(request.bucket(), moved);
        return moved.isEmpty()
                ? sdk.getObject(request, STREAM)
                : answer(request, send(moved.get(), request));
    }

    /** The bucket's region if {@code headers} say it is not where it was asked for, else null. */
    private String movedTo(BucketEndpoint endpoint, SdkHttpResponse headers) {
        if (!crossRegion || headers.isSuccessful()) {
            return null;
        }
        String region = headers.firstMatchingHeader("x-amz-bucket-region").orElse(null);
        return region == null || region.equals(endpoint.signingRegion()) ? null : region;
    }

    /**
     * The stream of a 2xx {@code response}; the exception of an error this class turns into one;
     * else the SDK client's answer to {@code request}, which it also gets from now on if the error
     * is one it handles for the whole bucket (a redirect, a clock skew).
     */
    private ResponseInputStream<GetObjectResponse> answer(
            GetObjectRequest request, HttpExecuteResponse response) {
        SdkHttpResponse headers = response.httpResponse();
        if (headers.isSuccessful()) {
            AbortableInputStream body =
                    response.responseBody().orElseGet(AbortableInputStream::createEmpty);
            return new ResponseInputStream<>(S3ResponseHeaders.of(headers), body, Duration.ZERO);
        }
        String xml = S3ErrorResponses.body(response.responseBody().orElse(null));
        if (S3ErrorResponses.isOwn(headers.statusCode())) {
            throw S3ErrorResponses.exception(headers, xml);
        }
        if (S3ErrorResponses.isForTheBucket(headers.statusCode(), xml)) {
            buckets.put(request.bucket(), Optional.empty());
        }
        return sdk.getObject(request, STREAM);
    }

    private HttpExecuteResponse send(BucketEndpoint endpoint, GetObjectRequest request) {
        HttpExecuteRequest get =
                HttpExecuteRequest.builder().request(signer.sign(endpoint, request)).build();
        return HeadersCall.send(http.prepareRequest(get), headersTimeout);
    }
}
