package dev.asyncdataset.examples.s3;

/**
 * The bucket and key prefix of an {@code s3://bucket/prefix} URL, the prefix empty or ending in a
 * slash, for the examples that talk to S3 through the SDK.
 *
 * @param bucket the bucket
 * @param prefix the key prefix, empty or ending in {@code /}
 */
record S3Url(String bucket, String prefix) {

    private static final String SCHEME = "s3://";

    /**
     * Parses {@code url}.
     *
     * @throws IllegalArgumentException if it is no {@code s3://} URL with a bucket
     */
    static S3Url parse(String url) {
        if (!url.startsWith(SCHEME) || url.length() == SCHEME.length()) {
            throw new IllegalArgumentException("not an s3://bucket/prefix URL: " + url);
        }
        String path = url.substring(SCHEME.length());
        int slash = path.indexOf('/');
        String bucket = slash < 0 ? path : path.substring(0, slash);
        String prefix = slash < 0 ? "" : path.substring(slash + 1);
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("no bucket in: " + url);
        }
        return new S3Url(bucket, prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/");
    }
}
