package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.asyncdataset.internal.store.file.FileStore;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredShardsReadIntoTest {

    @TempDir Path folder;

    @Test
    void readIntoFillsTheStartOfTheBufferWithTheRangeAndLeavesTheRest() throws IOException {
        byte[] file = new byte[1000];
        for (int i = 0; i < file.length; i++) {
            file[i] = (byte) (i * 7);
        }
        Files.write(folder.resolve("a.bin"), file);
        byte[] into = new byte[400];
        Arrays.fill(into, (byte) -1);
        try (ShardStore store = open()) {
            store.readInto(0, 250, 300, into);
        }
        byte[] expected = new byte[400];
        Arrays.fill(expected, (byte) -1);
        System.arraycopy(file, 250, expected, 0, 300);
        assertArrayEquals(expected, into);
    }

    @Test
    void readIntoPastTheEndOfTheFileFails() throws IOException {
        Files.write(folder.resolve("a.bin"), new byte[100]);
        try (ShardStore store = open()) {
            assertThrows(EOFException.class, () -> store.readInto(0, 50, 80, new byte[80]));
        }
    }

    private ShardStore open() throws IOException {
        return StoredShards.open(
                FileStore.INSTANCE,
                folder + "/",
                null,
                List.of(folder.resolve("a.bin").toString()),
                null,
                null,
                null);
    }
}
