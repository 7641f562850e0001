package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings docs/storage.md gives for Google Cloud Storage's S3-interoperable XML API (a custom
 * endpoint, path-style addressing, region {@code auto}, an HMAC key pair as the credentials), with
 * S3Proxy standing in for {@code https://storage.googleapis.com}: the shard writer writes shards
 * through them and a streamed epoch of those shards equals the folder's.
 */
class GoogleCloudStorageSettingsIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    @TempDir Path dir;

    @Test
    void theDocumentedSettingsWriteShardsAndStreamThemAsTheFoldersAre() throws Exception {
        Path images = dir.resolve("images");
        TestImages.write(images, TestImages.classFolders(4, 12, 40, 32));
        S3.upload("gcs-bucket", "", Map.of());
        StoreOptions gcs =
                S3.storeOptions().optS3(S3.s3Options().optRegion("auto").build()).build();
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput("s3://gcs-bucket/train/")
                .optStore(gcs)
                .optShardBytes(40_000)
                .build()
                .write();
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(dir.resolve("shards").toString())
                .optShardBytes(40_000)
                .build()
                .write();
        try (LabeledImageSource folder =
                        TarShardSource.builder()
                                .setLocation(dir.resolve("shards").toString())
                                .build();
                LabeledImageSource bucket =
                        TarShardSource.builder()
                                .setLocation("s3://gcs-bucket/train/")
                                .optStore(gcs)
                                .build()) {
            assertEquals(ShardCounts.of(folder), ShardCounts.of(bucket));
            FaultCampaignIT.assertSameEpoch(
                    FaultCampaignIT.epoch(folder, false),
                    FaultCampaignIT.epoch(bucket, false),
                    (int) folder.size());
        }
    }
}
