package dev.asyncdataset.examples.bench;

import java.io.IOException;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The SDK's blocking {@link S3Client} called from a virtual thread, each body read from its {@link
 * ResponseInputStream} straight into a reused array ({@link ReusedBodies}) and checked against its
 * ETag, with checksum mode on, as {@code FolderSource} over {@code s3://} asks for a whole object.
 */
final class SyncIntoArray implements FetchClients.Get {

    private final ReusedBodies bodies = new ReusedBodies();
    private final S3Client client;
    private final String bucket;

    SyncIntoArray(S3Client client, String bucket) {
        this.client = client;
        this.bucket = bucket;
    }

    @Override
    public int get(String key) throws Exception {
        ReusedBodies.Slot slot = bodies.take();
        try (ResponseInputStream<GetObjectResponse> in =
                client.getObject(
                        r -> r.bucket(bucket).key(key).checksumMode(ChecksumMode.ENABLED))) {
            int length = Math.toIntExact(in.response().contentLength());
            int read = in.readNBytes(slot.array(length), 0, length);
            if (read != length || in.read() != -1) {
                throw new IOException(key + ": body is not its Content-Length " + length);
            }
            slot.check(key, length, in.response().eTag());
            return length;
        } finally {
            bodies.give(slot);
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
