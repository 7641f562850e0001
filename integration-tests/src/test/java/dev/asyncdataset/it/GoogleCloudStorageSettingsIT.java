package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.asyncdataset.source.s3.S3SourceBuilder;
import dev.asyncdataset.source.tar.ShardWriter;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TestImages;
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
        S3SourceBuilder gcs = S3.sourceBuilder("s3://gcs-bucket/").optRegion("auto");
        ShardWriter.builder()
                .setImages(images)
                .setOutput("s3://gcs-bucket/train/")
                .optS3(gcs.buildOptions())
                .optShardBytes(40_000)
                .build()
                .write();
        ShardWriter.builder()
                .setImages(images)
                .setOutput(dir.resolve("shards"))
                .optShardBytes(40_000)
                .build()
                .write();
        try (TarShardSource folder = TarShardSource.of(dir.resolve("shards"));
                TarShardSource bucket =
                        TarShardSource.builder()
                                .setUrl("s3://gcs-bucket/train/")
                                .optS3(gcs.buildOptions())
                                .build()) {
            assertEquals(folder.shardCount(), bucket.shardCount());
            FaultCampaignIT.assertSameEpoch(
                    FaultCampaignIT.epoch(folder, false),
                    FaultCampaignIT.epoch(bucket, false),
                    (int) folder.size());
        }
    }
}
