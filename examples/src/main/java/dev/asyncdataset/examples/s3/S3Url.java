package dev.asyncdataset.examples.s3;

/**
 * A bucket and a key prefix from {@code s3://bucket/prefix}; a non-empty prefix ends with {@code
 * /}.
 *
 * @param bucket the bucket name
 * @param prefix the key prefix, empty or ending with {@code /}
 */
public record S3Url(String bucket, String prefix) {

    /**
     * Tells whether {@code location} is an {@code s3://} URL rather than a local path.
     *
     * @param location a data location
     * @return true for {@code s3://...}
     */
    public static boolean isS3(String location) {
        return location.startsWith("s3://");
    }

    /**
     * Parses {@code s3://bucket[/prefix]}.
     *
     * @param url the URL
     * @return the bucket and prefix
     * @throws IllegalArgumentException if {@code url} has no bucket
     */
    public static S3Url parse(String url) {
        String path = isS3(url) ? url.substring("s3://".length()) : "";
        int slash = path.indexOf('/');
        String bucket = slash < 0 ? path : path.substring(0, slash);
        String prefix = slash < 0 ? "" : path.substring(slash + 1);
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("not an s3://bucket/prefix URL: " + url);
        }
        return new S3Url(bucket, prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/");
    }
}
