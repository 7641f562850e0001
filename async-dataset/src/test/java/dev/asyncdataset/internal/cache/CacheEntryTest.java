package dev.asyncdataset.internal.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CacheEntryTest {

    private static byte[] file(byte[] bytes, int length, String identity) {
        ByteBuffer file = new CacheEntry(bytes, length, identity).file();
        byte[] array = new byte[file.remaining()];
        file.get(array);
        return array;
    }

    @Test
    void anEntryReadsBackItsBytesAndIdentity() {
        byte[] bytes = {1, 2, 3, 4, 5, 99};
        CacheEntry entry = CacheEntry.parse(file(bytes, 5, "\"etag-1\""));
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, Arrays.copyOf(entry.bytes(), entry.length()));
        assertEquals("\"etag-1\"", entry.identity());
        assertNull(CacheEntry.parse(file(bytes, 5, null)).identity());
    }

    @Test
    void aDamagedOrCutFileIsNoEntry() {
        byte[] file = file(new byte[] {1, 2, 3, 4, 5}, 5, "id");
        for (int i = 0; i < file.length; i++) {
            byte[] damaged = file.clone();
            damaged[i] ^= 0x01;
            assertNull(CacheEntry.parse(damaged), "bit flipped in byte " + i);
        }
        assertNull(CacheEntry.parse(Arrays.copyOf(file, file.length - 1)));
        assertNull(CacheEntry.parse(new byte[3]));
    }
}
