package dev.asyncdataset.source;

/**
 * A bucket and a key prefix parsed from {@code s3://bucket/prefix}. A non-empty prefix always ends
 * with {@code /}, so it names a folder, not the start of a key.
 */
record S3Location(String bucket, String prefix) {

    /**
     * @throws IllegalArgumentException if {@code url} is not {@code s3://bucket[/prefix]}
     */
    static S3Location parse(String url) {
        if (url == null || !url.startsWith("s3://") || url.length() == "s3://".length()) {
            throw new IllegalArgumentException("not an s3://bucket/prefix URL: " + url);
        }
        String path = url.substring("s3://".length());
        int slash = path.indexOf('/');
        String bucket = slash < 0 ? path : path.substring(0, slash);
        String prefix = slash < 0 ? "" : path.substring(slash + 1);
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("no bucket in: " + url);
        }
        if (!prefix.isEmpty() && !prefix.endsWith("/")) {
            prefix += "/";
        }
        return new S3Location(bucket, prefix);
    }

    /** Returns {@code s3://bucket/key}. */
    String url(String key) {
        return "s3://" + bucket + "/" + key;
    }
}
