package dev.asyncdataset.examples.s3;

import java.net.URI;

/**
 * The bucket and key prefix of an {@code s3://bucket/prefix} URL, the prefix empty or ending in a
 * slash, for the examples that talk to S3 through the SDK.
 *
 * @param bucket the bucket
 * @param prefix the key prefix, empty or ending in {@code /}
 */
record S3Url(String bucket, String prefix) {

    /**
     * Parses {@code url}.
     *
     * @throws IllegalArgumentException if it is no {@code s3://} URL with a bucket
     */
    static S3Url parse(String url) {
        URI uri = URI.create(url);
        if (!"s3".equals(uri.getScheme()) || uri.getAuthority() == null) {
            throw new IllegalArgumentException("not an s3://bucket/prefix URL: " + url);
        }
        String prefix = uri.getPath().replaceFirst("^/", "");
        return new S3Url(
                uri.getAuthority(),
                prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/");
    }
}
