package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.store.Stores;
import dev.asyncdataset.testing.MemoryStoreProvider;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestShards;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store whose provider a jar names in {@code META-INF/services} is found on the class path: its
 * shards read as the folder's do with no call to {@link Stores}, and its scheme cannot be
 * registered again.
 */
class ProvidedStoreTest {

    private static final String DATA = MemoryStoreProvider.SCHEME + "://provided/";

    @TempDir static Path images;
    @TempDir static Path shards;

    @BeforeAll
    static void putShardsInTheProvidedStore() throws Exception {
        TestShards.write(images, shards, 3, 6);
        try (Stream<Path> files = Files.list(shards)) {
            for (Path file : files.toList()) {
                MemoryStoreProvider.OBJECTS.put(
                        DATA + file.getFileName(), Files.readAllBytes(file));
            }
        }
    }

    @Test
    void shardsOfAProvidedSchemeReadAsTheFoldersDoWithNoRegistryCall() throws Exception {
        try (TarImages folder =
                        (TarImages)
                                TarShardSource.builder().setLocation(shards.toString()).build();
                TarImages provided =
                        (TarImages) TarShardSource.builder().setLocation(DATA).build()) {
            assertEquals(folder.getClasses(), provided.getClasses());
            assertEquals(folder.size(), provided.size());
            assertTrue(provided.size() > 0);
            for (long i = 0; i < provided.size(); i++) {
                assertArrayEquals(
                        TestImages.bytes(folder.fetch(null, i)),
                        TestImages.bytes(provided.fetch(null, i)),
                        DATA + " " + i);
                assertEquals(folder.label(i), provided.label(i));
            }
        }
    }

    @Test
    void aProvidedSchemeCannotBeRegistered() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> Stores.register(MemoryStoreProvider.SCHEME, settings -> null));
        assertTrue(e.getMessage().contains(MemoryStoreProvider.SCHEME), e.getMessage());
    }
}
