package dev.asyncdataset.internal.cache;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * One object as a {@link CachingStore} keeps it in a {@link DiskCache} file: its bytes, then the
 * identity the store gave them (UTF-8, empty for none), the identity's length (4 bytes) and the
 * CRC32C of all that precedes (4 bytes), so that a damaged file is found and never served.
 *
 * @param bytes an array starting with the object's bytes
 * @param length the object's length
 * @param identity the object's identity, or null
 */
record CacheEntry(byte[] bytes, int length, String identity) {

    private static final int TRAILER = 8;

    /** The file's content: the bytes, the identity and the trailer. */
    ByteBuffer file() {
        byte[] id = identity == null ? new byte[0] : identity.getBytes(StandardCharsets.UTF_8);
        ByteBuffer file = ByteBuffer.allocate(length + id.length + TRAILER);
        file.put(bytes, 0, length).put(id).putInt(id.length);
        file.putInt(crc(file.array(), file.position()));
        return file.flip();
    }

    /** The entry in {@code file}, or null if it is damaged (cut, or failing its CRC32C). */
    static CacheEntry parse(byte[] file) {
        if (file.length < TRAILER) {
            return null;
        }
        ByteBuffer trailer = ByteBuffer.wrap(file, file.length - TRAILER, TRAILER);
        int idLength = trailer.getInt();
        int crc = trailer.getInt();
        int length = file.length - TRAILER - idLength;
        if (idLength < 0 || length < 0 || crc(file, file.length - 4) != crc) {
            return null;
        }
        String id = new String(file, length, idLength, StandardCharsets.UTF_8);
        return new CacheEntry(file, length, idLength == 0 ? null : id);
    }

    private static int crc(byte[] bytes, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }
}
