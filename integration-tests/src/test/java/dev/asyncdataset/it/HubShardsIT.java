package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tar shards in a dataset of the tests' imitation of the Hugging Face Hub ({@link HubServer}),
 * listed through its tree API (several pages) and read through its CDN, give the folder's epochs
 * bit for bit, streamed and by random access.
 */
class HubShardsIT {

    private static final String TOKEN = "hf_shards_token";

    @RegisterExtension static final HubServer HUB = new HubServer(TOKEN, 4);

    @TempDir static Path dir;

    @Test
    void listedShardsGiveTheFoldersStreamedAndRandomAccessEpochsBitForBit() throws Exception {
        Map<String, byte[]> files = ShardFixtures.campaign(dir);
        Map<String, byte[]> committed = new TreeMap<>();
        files.forEach((name, bytes) -> committed.put("webdataset/" + name, bytes));
        HUB.commit("org/shards", "main", committed);
        HUB.register("hubshards");
        Epoch streamed;
        Epoch random;
        try (LabeledImageSource folder =
                TarShardSource.builder().setLocation(dir.resolve("shards").toString()).build()) {
            streamed = FaultCampaignIT.epoch(folder, false);
            random = FaultCampaignIT.epoch(folder, true);
        }
        try (LabeledImageSource hub =
                HttpShardsIT.open("hubshards://datasets/org/shards@main/webdataset/")) {
            int size = (int) hub.size();
            assertTrue(ShardCounts.of(hub) > 4, "shards on several pages: " + ShardCounts.of(hub));
            RetryLog.Recorded<Epoch> hubStreamed =
                    RetryLog.during(dir, () -> FaultCampaignIT.epoch(hub, false));
            RetryLog.Recorded<Epoch> hubRandom =
                    RetryLog.during(dir, () -> FaultCampaignIT.epoch(hub, true));
            FaultCampaignIT.assertSameEpoch(streamed, hubStreamed.value(), size);
            FaultCampaignIT.assertSameEpoch(random, hubRandom.value(), size);
            RetryLog.assertRetriedFaultsAndTimeoutsOnly(
                    hubStreamed, hubStreamed.errors().size(), 0);
            RetryLog.assertRetriedFaultsAndTimeoutsOnly(hubRandom, hubRandom.errors().size(), 0);
        }
    }
}
