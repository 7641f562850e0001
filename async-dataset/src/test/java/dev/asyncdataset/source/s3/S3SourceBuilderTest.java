package dev.asyncdataset.source.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class S3SourceBuilderTest {

    @Test
    void badArgumentsAreRefusedAtOnceNamingTheValue() {
        S3SourceBuilder builder = S3Source.builder();
        assertEquals(
                "maxAttempts < 1: 0",
                assertThrows(IllegalArgumentException.class, () -> builder.optMaxAttempts(0))
                        .getMessage());
        assertEquals(
                "maxConnections < 1: -3",
                assertThrows(IllegalArgumentException.class, () -> builder.optMaxConnections(-3))
                        .getMessage());
        assertEquals(
                "requestTimeout not positive: PT0S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.optRequestTimeout(Duration.ZERO))
                        .getMessage());
        assertEquals(
                "retryBudget not positive: PT-1S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.optRetryBudget(Duration.ofSeconds(-1)))
                        .getMessage());
        assertEquals(
                "readIdleTimeout not positive: null",
                assertThrows(IllegalArgumentException.class, () -> builder.optReadIdleTimeout(null))
                        .getMessage());
        assertEquals(
                "maxObjectBytes out of range: 0",
                assertThrows(IllegalArgumentException.class, () -> builder.optMaxObjectBytes(0))
                        .getMessage());
        assertEquals(
                "maxPartBytes 0 is not in [1, 2147483639]",
                assertThrows(IllegalArgumentException.class, () -> builder.optMaxPartBytes(0))
                        .getMessage());
        assertEquals(
                "cache maxBytes < 1: 0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.optCache(Path.of("c"), 0))
                        .getMessage());
        assertEquals(
                "not an s3://bucket/prefix URL: http://bucket/p",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.setUrl("http://bucket/p"))
                        .getMessage());
    }

    @Test
    void optionsKeepWhatWasSetWhenTheBuilderChangesAndStartAnotherBuilder() {
        S3SourceBuilder builder =
                S3Source.builder()
                        .optEndpoint(URI.create("http://localhost:9000"))
                        .optMaxAttempts(3)
                        .optRetryBudget(Duration.ofSeconds(7))
                        .optManifest("m/train.csv");
        S3Options options = builder.buildOptions();
        builder.optMaxAttempts(9).optRetryBudget(Duration.ofSeconds(60));
        assertEquals(URI.create("http://localhost:9000"), options.endpoint());
        assertEquals(3, options.store().maxAttempts());
        assertEquals(Duration.ofSeconds(7), options.store().retryBudget());
        IllegalStateException manifestKept =
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                S3Source.builder(options)
                                        .setUrl("s3://b/p")
                                        .buildSamples((manager, sample) -> null));
        assertTrue(manifestKept.getMessage().startsWith("optManifest(m/train.csv)"));
        assertEquals(3, S3Source.builder(options).buildOptions().store().maxAttempts());
    }

    @Test
    void buildWithoutUrlSaysWhatIsMissing() {
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> S3Source.builder().build());
        assertEquals("setUrl(\"s3://bucket/prefix\") is required", e.getMessage());
    }

    @Test
    void buildSamplesWithoutUrlSaysWhatIsMissing() {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> S3Source.builder().buildSamples((manager, sample) -> null));
        assertEquals("setUrl(\"s3://bucket/prefix\") is required", e.getMessage());
        assertThrows(
                NullPointerException.class,
                () -> S3Source.builder().setUrl("s3://b/p").buildSamples(null));
    }

    @Test
    void buildSamplesRefusesAManifestNamingIt() {
        S3SourceBuilder builder = S3Source.builder().setUrl("s3://b/p").optManifest("m/train.csv");
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> builder.buildSamples((manager, sample) -> null));
        assertEquals(
                "optManifest(m/train.csv) lists labeled images; buildSamples lists the samples"
                        + " under s3://b/p/ and takes no manifest",
                e.getMessage());
    }
}
