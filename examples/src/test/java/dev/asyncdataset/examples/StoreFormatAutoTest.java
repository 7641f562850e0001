package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.Stores;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@code --format auto} over a store's prefix that holds tar shards, not class folders, fails
 * naming the prefix and saying to add {@code --format shards}.
 */
class StoreFormatHintTest {

    private static final Map<String, byte[]> OBJECTS =
            Map.of(
                    "hinttest://data/train/shard-000000.tar",
                    new byte[1024],
                    "hinttest://data/train/classes.txt",
                    "a\nb\n".getBytes());

    @Test
    void autoOverAStoresPrefixOfShardsSaysToAddFormatShards() {
        Stores.register("hinttest", settings -> new MemoryStore());
        Options options =
                Options.parse(
                        new String[] {"--data", "hinttest://data/train/", "--gpus", "0"},
                        TrainResNet.defaults());
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                TrainingData.open(
                                        TrainingSettings.from(options),
                                        S3Connection.withDefaultCredentials(""),
                                        Device.cpu()));
        assertTrue(e.getMessage().contains("hinttest://data/train/"), e.getMessage());
        assertTrue(e.getMessage().contains("add --format shards"), e.getMessage());
    }

    /** The objects above: a listing of their URLs and sizes; the check fails before any read. */
    private static final class MemoryStore implements ObjectStore {

        @Override
        public List<StoredObject> list(String prefix) {
            return listAll(prefix);
        }

        @Override
        public List<StoredObject> listAll(String prefix) {
            return new TreeMap<>(OBJECTS)
                    .entrySet().stream()
                            .filter(o -> o.getKey().startsWith(prefix))
                            .map(o -> new StoredObject(o.getKey(), o.getValue().length, "v1"))
                            .toList();
        }

        @Override
        public StoredObject stat(String url) {
            return listAll(url).stream().filter(o -> o.url().equals(url)).findFirst().orElse(null);
        }

        @Override
        public StoredBody open(String url, long offset, long length) {
            throw new UnsupportedOperationException("no object is read: " + url);
        }

        @Override
        public void close() {}
    }
}
