package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.training.dataset.Record;
import ch.qos.logback.classic.Level;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.CapturedLogs;
import dev.asyncdataset.testing.EpochItems;
import dev.asyncdataset.testing.TestShards;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder of good shards and one truncated shard: the damaged shard costs only its samples. */
class DamagedShardsTest {

    @TempDir Path images;
    @TempDir Path shards;

    @Test
    void skipDeliversExactlyTheGoodShardsImagesAndNamesTheTruncatedShardOnce() throws Exception {
        Path bad = writeShardsTruncatingOne();
        List<Long> good = labelsOfGoodShards(bad);
        try (CapturedLogs logs = new CapturedLogs("dev.asyncdataset", Level.WARN);
                TarImages tars =
                        (TarImages)
                                TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(1, tars.damaged().size());
            ConcurrentDataset dataset = dataset(tars, BadItemPolicy.SKIP);
            assertEquals(sorted(good), EpochItems.sortedLabels(dataset));
            assertEquals(sorted(good), EpochItems.sortedLabels(dataset), "a second epoch");
            assertEquals(1, dataset.stats().damagedParts());
            List<String> named =
                    logs.messages().stream().filter(m -> m.contains(bad.toString())).toList();
            assertEquals(1, named.size(), logs.messages().toString());
        }
    }

    @Test
    void failThrowsTheBadItemExceptionNamingTheTruncatedShard() throws Exception {
        Path bad = writeShardsTruncatingOne();
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            ConcurrentDataset dataset = dataset(tars, BadItemPolicy.FAIL);
            BadItemException e = assertThrows(BadItemException.class, dataset::prepare);
            assertTrue(e.getKey().startsWith(bad.toString()), e.getKey());
            assertTrue(e.getMessage().contains("past the end of the shard"), e.getMessage());
        }
    }

    @Test
    void aSampleSourceSkipsTheTruncatedShardsSamplesToo() throws Exception {
        Path bad = writeShardsTruncatingOne();
        List<Long> good = labelsOfGoodShards(bad);
        try (TarSamples tars =
                (TarSamples)
                        TarShardSource.builder()
                                .setLocation(shards.toString())
                                .buildSamples(
                                        (manager, sample) ->
                                                new Record(
                                                        new NDList(
                                                                Parts.image(
                                                                        manager, sample, "jpg")),
                                                        new NDList(
                                                                Parts.integer(
                                                                        manager, sample,
                                                                        "cls"))))) {
            assertEquals(bad.toString(), tars.damaged().get(0).getKey().split(" ")[0]);
            assertEquals(sorted(good), EpochItems.sortedLabels(dataset(tars, BadItemPolicy.SKIP)));
            assertThrows(BadItemException.class, dataset(tars, BadItemPolicy.FAIL)::prepare);
        }
    }

    @Test
    void skipFailsPrepareNamingEveryShardWhenAllAreDamaged() throws Exception {
        List<String> written = TestShards.write(images, shards, 2, 6);
        for (String shard : written) {
            byte[] bytes = Files.readAllBytes(Path.of(shard));
            Files.write(Path.of(shard), Arrays.copyOf(bytes, bytes.length / 2));
        }
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(0, tars.size());
            ConcurrentDataset dataset = dataset(tars, BadItemPolicy.SKIP);
            BadItemException e = assertThrows(BadItemException.class, dataset::prepare);
            assertTrue(e.getMessage().contains("no item is left"), e.getMessage());
            for (String shard : written) {
                assertTrue(e.getMessage().contains(shard), e.getMessage());
            }
        }
    }

    /** Writes shards of labelled images and cuts the second in half, leaving its index stale. */
    private Path writeShardsTruncatingOne() throws Exception {
        List<String> written = TestShards.write(images, shards, 4, 6);
        assertTrue(written.size() >= 3, "shards: " + written);
        Path bad = Path.of(written.get(1));
        byte[] bytes = Files.readAllBytes(bad);
        Files.write(bad, Arrays.copyOf(bytes, bytes.length / 2));
        return bad;
    }

    /** The labels of the samples of every shard but {@code bad}, read from their indexes. */
    private List<Long> labelsOfGoodShards(Path bad) throws Exception {
        List<Long> labels = new ArrayList<>();
        try (var files = Files.list(shards)) {
            for (Path shard : files.filter(p -> p.toString().endsWith(".tar")).toList()) {
                if (!shard.equals(bad)) {
                    byte[] index = Files.readAllBytes(Path.of(shard + ShardIndexFile.SUFFIX));
                    ShardIndexFile.parse(shard.toString(), Files.size(shard), index, true)
                            .forEach(s -> labels.add(s.label()));
                }
            }
        }
        return labels;
    }

    private static ConcurrentDataset dataset(ItemSource<?> source, BadItemPolicy policy) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(4, true)
                .optSeed(3)
                .optBadItemPolicy(policy)
                .build();
    }

    private static List<Long> sorted(List<Long> values) {
        return values.stream().sorted().toList();
    }
}
