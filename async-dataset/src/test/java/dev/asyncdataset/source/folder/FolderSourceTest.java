package dev.asyncdataset.source.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.s3.S3Options;
import dev.asyncdataset.store.s3.S3OptionsBuilder;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FolderSourceTest {

    @Test
    void badArgumentsAreRefusedAtOnceNamingTheValue() {
        S3OptionsBuilder s3 = S3Options.builder();
        assertEquals(
                "maxConnections < 1: -3",
                assertThrows(IllegalArgumentException.class, () -> s3.optMaxConnections(-3))
                        .getMessage());
        assertEquals(
                "maxAttempts < 1: 0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> StoreOptions.builder().optMaxAttempts(0))
                        .getMessage());
        assertEquals(
                "requestTimeout not positive: PT0S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> StoreOptions.builder().optRequestTimeout(Duration.ZERO))
                        .getMessage());
        FolderSource builder = FolderSource.builder();
        assertEquals(
                "cache maxBytes < 1: 0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.optCache(Path.of("c"), 0))
                        .getMessage());
        assertEquals(
                "empty location",
                assertThrows(IllegalArgumentException.class, () -> builder.setLocation(""))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> builder.setLocation("nostore://b/p"));
    }

    @Test
    void s3OptionsKeepWhatWasSetWhenTheBuilderChanges() {
        S3OptionsBuilder builder =
                S3Options.builder().optEndpoint(URI.create("http://localhost:9000"));
        StoreOptions store =
                StoreOptions.builder().optMaxAttempts(3).optS3(builder.build()).build();
        builder.optEndpoint(URI.create("http://elsewhere:9000")).optPathStyle(true);
        assertEquals(URI.create("http://localhost:9000"), store.s3().endpoint());
        assertEquals(false, store.s3().pathStyle());
        assertEquals(3, store.toBuilder().build().maxAttempts());
        assertEquals(store.s3(), store.toBuilder().optMaxAttempts(9).build().s3());
    }

    @Test
    void buildWithoutLocationSaysWhatIsMissing() {
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> FolderSource.builder().build());
        assertEquals(
                "setLocation(\"az://container/images\" or a folder) is required", e.getMessage());
        assertThrows(
                IllegalStateException.class,
                () -> FolderSource.builder().buildSamples((manager, sample) -> null));
        assertThrows(
                NullPointerException.class,
                () -> FolderSource.builder().setLocation("s3://b/p").buildSamples(null));
    }

    @Test
    void buildSamplesRefusesAManifestNamingIt() {
        FolderSource builder =
                FolderSource.builder().setLocation("s3://b/p").optManifest("s3://b/m/train.csv");
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> builder.buildSamples((manager, sample) -> null));
        assertEquals(
                "optManifest(s3://b/m/train.csv) lists labeled images; buildSamples lists the"
                        + " samples under s3://b/p and takes no manifest",
                e.getMessage());
    }
}
