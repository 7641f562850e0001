package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.writer.ShardWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format auto} over a store's prefix (a store that lists, registered here, as {@code
 * az://} is) trains from the tar shards it holds, and over a prefix of neither images, shards nor
 * Parquet fails naming the prefix and the formats it looked for.
 */
class StoreFormatAutoTest {

    private static final Map<String, byte[]> OBJECTS = new TreeMap<>();

    @TempDir Path dir;

    @Test
    void autoOverAStoresPrefixOfShardsTrainsFromTheShards() throws Exception {
        Path images = ImageNetLikeGenerator.write(dir.resolve("images"), 3, 4, 54);
        Path shards = dir.resolve("shards");
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .build()
                .write();
        try (Stream<Path> files = Files.list(shards)) {
            for (Path f : files.toList()) {
                OBJECTS.put("autoshards://data/train/" + f.getFileName(), Files.readAllBytes(f));
            }
        }
        Stores.register("autoshards", settings -> new MemoryStore());
        try (TrainingData data = open("autoshards://data/train/")) {
            assertEquals(12, data.dataset().size());
            assertEquals(3, data.classes());
        }
    }

    @Test
    void autoOverAStoresPrefixOfNeitherNamesItAndWhatItLookedFor() {
        OBJECTS.put("autonone://data/train/readme.txt", "no data".getBytes());
        Stores.register("autonone", settings -> new MemoryStore());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> open("autonone://data/train/"));
        assertTrue(e.getMessage().contains("autonone://data/train/"), e.getMessage());
        assertTrue(e.getMessage().contains("nor .tar shards or .parquet files"), e.getMessage());
    }

    private static TrainingData open(String data) throws Exception {
        Options options =
                Options.parse(new String[] {"--data", data, "--gpus", "0"}, TrainResNet.defaults());
        return TrainingData.open(
                TrainingSettings.from(options),
                S3Connection.withDefaultCredentials(""),
                Device.cpu());
    }

    /** The objects above, listed and read by range. */
    private static final class MemoryStore implements ObjectStore {

        @Override
        public List<StoredObject> list(String prefix) {
            return listAll(prefix).stream()
                    .filter(o -> o.url().indexOf('/', prefix.length()) < 0)
                    .toList();
        }

        @Override
        public List<StoredObject> listAll(String prefix) {
            return OBJECTS.entrySet().stream()
                    .filter(o -> o.getKey().startsWith(prefix))
                    .map(o -> new StoredObject(o.getKey(), o.getValue().length, "v1"))
                    .toList();
        }

        @Override
        public StoredObject stat(String url) {
            byte[] bytes = OBJECTS.get(url);
            return bytes == null ? null : new StoredObject(url, bytes.length, "v1");
        }

        @Override
        public StoredBody open(String url, long offset, long length) throws IOException {
            byte[] bytes = OBJECTS.get(url);
            if (bytes == null) {
                throw new java.nio.file.NoSuchFileException(url);
            }
            int end = length < 0 ? bytes.length : (int) Math.min(bytes.length, offset + length);
            byte[] range = Arrays.copyOfRange(bytes, (int) offset, end);
            return new StoredBody(new ByteArrayInputStream(range), "v1");
        }

        @Override
        public void close() {}
    }
}
