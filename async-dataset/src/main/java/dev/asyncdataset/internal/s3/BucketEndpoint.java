package dev.asyncdataset.internal.s3;

import java.net.URI;
import java.util.List;
import software.amazon.awssdk.awscore.endpoints.AwsEndpointAttribute;
import software.amazon.awssdk.awscore.endpoints.authscheme.EndpointAuthScheme;
import software.amazon.awssdk.awscore.endpoints.authscheme.SigV4AuthScheme;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3ServiceClientConfiguration;
import software.amazon.awssdk.services.s3.endpoints.S3EndpointParams;
import software.amazon.awssdk.services.s3.endpoints.S3EndpointProvider;
import software.amazon.awssdk.utils.CompletableFutureUtils;

/**
 * Where the GETs of one bucket go and how they are signed, as the SDK client's own endpoint rules
 * say: the scheme, host and port, the path the object keys follow ({@code /bucket/} path-style,
 * {@code /} virtual-hosted) and the SigV4 signing region; or, for an endpoint the rules sign
 * otherwise (SigV4a, S3 Express), none: such a bucket is read through the SDK client.
 *
 * @param uri the scheme, host and port
 * @param path the path up to the key, ending with a slash
 * @param signingName the SigV4 signing name ({@code s3})
 * @param signingRegion the SigV4 signing region
 */
record BucketEndpoint(URI uri, String path, String signingName, String signingRegion) {

    /** Resolves the endpoint of a bucket with the client's endpoint rules and settings. */
    static final class Resolver {

        private final S3EndpointProvider rules;
        private final Region region;
        private final String endpointOverride;
        private final boolean pathStyle;

        Resolver(S3ServiceClientConfiguration config, boolean pathStyle) {
            this.rules =
                    config.endpointProvider()
                            .map(S3EndpointProvider.class::cast)
                            .orElseGet(S3EndpointProvider::defaultProvider);
            this.region = config.region();
            this.endpointOverride = config.endpointOverride().map(URI::toString).orElse(null);
            this.pathStyle = pathStyle;
        }

        /** The endpoint of {@code bucket} in the client's region, or null if not SigV4. */
        BucketEndpoint resolve(String bucket) {
            return resolve(bucket, region.id());
        }

        /** The endpoint of {@code bucket} in {@code regionId}, or null if not SigV4. */
        BucketEndpoint resolve(String bucket, String regionId) {
            Endpoint endpoint =
                    CompletableFutureUtils.joinLikeSync(
                            rules.resolveEndpoint(
                                    S3EndpointParams.builder()
                                            .bucket(bucket)
                                            .region(Region.of(regionId))
                                            .endpoint(endpointOverride)
                                            .forcePathStyle(pathStyle)
                                            .useFips(false)
                                            .useDualStack(false)
                                            .accelerate(false)
                                            .build()));
            List<EndpointAuthScheme> schemes =
                    endpoint.attribute(AwsEndpointAttribute.AUTH_SCHEMES);
            String signingName = "s3";
            String signingRegion = regionId;
            if (schemes != null && !schemes.isEmpty()) {
                if (!(schemes.get(0) instanceof SigV4AuthScheme v4)) {
                    return null;
                }
                signingName = v4.signingName() != null ? v4.signingName() : signingName;
                signingRegion = v4.signingRegion() != null ? v4.signingRegion() : signingRegion;
            }
            URI url = endpoint.url();
            String path = url.getRawPath() == null ? "" : url.getRawPath();
            return new BucketEndpoint(
                    URI.create(url.getScheme() + "://" + url.getRawAuthority()),
                    path.endsWith("/") ? path : path + "/",
                    signingName,
                    signingRegion);
        }
    }
}
