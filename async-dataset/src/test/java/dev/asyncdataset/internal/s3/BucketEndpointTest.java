package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

class BucketEndpointTest {

    @Test
    void aPathStyleEndpointPutsTheBucketInThePath() {
        BucketEndpoint e = resolve("http://127.0.0.1:9000", true, "us-west-2", "bench");
        assertEquals(URI.create("http://127.0.0.1:9000"), e.uri());
        assertEquals("/bench/", e.path());
        assertEquals("us-west-2", e.signingRegion());
        assertEquals("s3", e.signingName());
    }

    @Test
    void awsPutsTheBucketInTheHostOfItsRegion() {
        BucketEndpoint e = resolve(null, false, "eu-west-1", "bench");
        assertEquals(URI.create("https://bench.s3.eu-west-1.amazonaws.com"), e.uri());
        assertEquals("/", e.path());
        assertEquals("eu-west-1", e.signingRegion());
    }

    /** Google Cloud Storage's XML API, as docs/storage.md sets it up: region "auto". */
    @Test
    void aCustomEndpointSignsForTheRegionGiven() {
        BucketEndpoint e = resolve("https://storage.googleapis.com", true, "auto", "gcs-bucket");
        assertEquals(URI.create("https://storage.googleapis.com"), e.uri());
        assertEquals("/gcs-bucket/", e.path());
        assertEquals("auto", e.signingRegion());
    }

    @Test
    void aBucketMovedToAnotherRegionResolvesThere() {
        try (S3Client client = settings(null, false, "us-east-1").syncClient()) {
            BucketEndpoint e =
                    new BucketEndpoint.Resolver(client.serviceClientConfiguration(), false)
                            .resolve("bench", "ap-southeast-2");
            assertEquals(URI.create("https://bench.s3.ap-southeast-2.amazonaws.com"), e.uri());
            assertEquals("ap-southeast-2", e.signingRegion());
        }
    }

    private static BucketEndpoint resolve(
            String endpoint, boolean pathStyle, String region, String bucket) {
        try (S3Client client = settings(endpoint, pathStyle, region).syncClient()) {
            return new BucketEndpoint.Resolver(client.serviceClientConfiguration(), pathStyle)
                    .resolve(bucket);
        }
    }

    private static S3Settings settings(String endpoint, boolean pathStyle, String region) {
        return new S3Settings(
                endpoint == null ? null : URI.create(endpoint),
                pathStyle,
                Region.of(region),
                StaticCredentialsProvider.create(AwsBasicCredentials.create("id", "secret")),
                8,
                1,
                Duration.ofSeconds(30),
                Duration.ofSeconds(2),
                Duration.ofSeconds(10),
                Duration.ofSeconds(5),
                Duration.ofMinutes(5),
                1 << 20,
                true);
    }
}
