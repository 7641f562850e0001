package dev.asyncdataset.internal.s3;

import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The fields of a GetObject response that the readers use, taken from the HTTP headers as the SDK's
 * unmarshaller takes them: the length, ETag and content range, the additional checksums and the
 * server-side encryption, and the HTTP response itself.
 */
final class S3ResponseHeaders {

    private S3ResponseHeaders() {}

    /** The response {@code headers} describe. */
    static GetObjectResponse of(SdkHttpResponse headers) {
        GetObjectResponse.Builder response = GetObjectResponse.builder();
        header(headers, "Content-Length").map(Long::valueOf).ifPresent(response::contentLength);
        header(headers, "ETag").ifPresent(response::eTag);
        header(headers, "Content-Range").ifPresent(response::contentRange);
        header(headers, "x-amz-checksum-crc32").ifPresent(response::checksumCRC32);
        header(headers, "x-amz-checksum-crc32c").ifPresent(response::checksumCRC32C);
        header(headers, "x-amz-checksum-crc64nvme").ifPresent(response::checksumCRC64NVME);
        header(headers, "x-amz-checksum-sha1").ifPresent(response::checksumSHA1);
        header(headers, "x-amz-checksum-sha256").ifPresent(response::checksumSHA256);
        header(headers, "x-amz-checksum-type").ifPresent(response::checksumType);
        header(headers, "x-amz-server-side-encryption").ifPresent(response::serverSideEncryption);
        header(headers, "x-amz-server-side-encryption-customer-algorithm")
                .ifPresent(response::sseCustomerAlgorithm);
        header(headers, "x-amz-version-id").ifPresent(response::versionId);
        response.sdkHttpResponse(headers);
        return response.build();
    }

    private static java.util.Optional<String> header(SdkHttpResponse headers, String name) {
        return headers.firstMatchingHeader(name);
    }
}
