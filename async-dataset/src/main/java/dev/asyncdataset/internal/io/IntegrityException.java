package dev.asyncdataset.internal.io;

import java.io.IOException;

/**
 * Bytes read back that differ from the bytes written, by a checksum the store gives (an S3 ETag or
 * additional checksum) or one recorded when they were written (a shard index's CRC32C). Transient
 * where a second read may give the right bytes (a GET, retried); a bad item where it gives the same
 * (a local file).
 */
public final class IntegrityException extends IOException {

    /**
     * @param message what was read, and which checksum it failed
     */
    public IntegrityException(String message) {
        super(message);
    }
}
