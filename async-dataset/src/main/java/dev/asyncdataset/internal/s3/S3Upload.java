package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.PartedOutput;
import dev.asyncdataset.internal.io.Requests;
import dev.asyncdataset.internal.io.Retrier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * One object written as an S3 multipart upload: the bytes are cut into parts ({@link
 * PartedOutput}), each PUT with a CRC32 checksum header the store verifies and retried within the
 * retry budget, and the object appears only when {@code CompleteMultipartUpload} succeeds. The
 * checksum is computed here and sent as a header with a plain body, not as the SDK's default
 * trailer of an {@code aws-chunked} body: not every S3-compatible store reads that trailer (S3Proxy
 * left it unread and closed about one connection in 90 after such a PUT). Closed without a commit
 * (after any failure), it aborts the upload, so the store keeps no parts and nothing is visible.
 */
final class S3Upload extends PartedOutput {

    private static final ChecksumAlgorithm CHECKSUM = ChecksumAlgorithm.CRC32;

    private final S3AsyncClient client;
    private final BucketPrefix location;
    private final String key;
    private final Retrier retrier;
    private final String uploadId;
    private final List<CompletedPart> parts = new ArrayList<>();

    private S3Upload(
            S3AsyncClient client,
            BucketPrefix location,
            String key,
            Retrier retrier,
            String id,
            int partBytes) {
        super(partBytes);
        this.client = client;
        this.location = location;
        this.key = key;
        this.retrier = retrier;
        this.uploadId = id;
    }

    /** Starts the upload of {@code key}; parts are {@code partBytes} long, the last shorter. */
    static S3Upload start(
            S3AsyncClient client, BucketPrefix location, String key, Retrier retrier, int partBytes)
            throws IOException {
        Consumer<CreateMultipartUploadRequest.Builder> create =
                r -> r.bucket(location.bucket()).key(key).checksumAlgorithm(CHECKSUM);
        String id =
                Requests.call(
                                retrier,
                                location.url(key),
                                () -> Requests.await(client.createMultipartUpload(create)))
                        .uploadId();
        return new S3Upload(client, location, key, retrier, id, partBytes);
    }

    @Override
    protected void upload(int number, byte[] bytes, int length) throws IOException {
        UploadPartResponse response =
                request(
                        "part " + number,
                        () ->
                                client.uploadPart(
                                        r ->
                                                r.bucket(location.bucket())
                                                        .key(key)
                                                        .uploadId(uploadId)
                                                        .partNumber(number)
                                                        .contentLength((long) length)
                                                        .checksumCRC32(crc32(bytes, length)),
                                        AsyncRequestBody.fromByteBufferUnsafe(
                                                ByteBuffer.wrap(bytes, 0, length))));
        parts.add(
                CompletedPart.builder()
                        .partNumber(number)
                        .eTag(response.eTag())
                        .checksumCRC32(response.checksumCRC32())
                        .build());
    }

    /** Completes the upload: the object appears whole. */
    @Override
    protected void complete(int count) throws IOException {
        request(
                "completion",
                () ->
                        client.completeMultipartUpload(
                                r ->
                                        r.bucket(location.bucket())
                                                .key(key)
                                                .uploadId(uploadId)
                                                .multipartUpload(m -> m.parts(parts))));
    }

    /** Aborts the upload; the store drops the parts uploaded. */
    @Override
    protected void abort() throws IOException {
        request(
                "abort",
                () ->
                        client.abortMultipartUpload(
                                r -> r.bucket(location.bucket()).key(key).uploadId(uploadId)));
    }

    /** The base64 CRC32 of {@code bytes[0, length)}, as the {@code x-amz-checksum-crc32} header. */
    static String crc32(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return Base64.getEncoder()
                .encodeToString(
                        ByteBuffer.allocate(Integer.BYTES).putInt((int) crc.getValue()).array());
    }

    private <T> T request(String what, Supplier<CompletableFuture<T>> send) throws IOException {
        return Requests.call(
                retrier,
                location.url(key) + " (upload " + uploadId + ", " + what + ")",
                () -> Requests.await(send.get()));
    }
}
