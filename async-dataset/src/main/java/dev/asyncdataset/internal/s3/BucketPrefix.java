package dev.asyncdataset.internal.s3;

import dev.asyncdataset.store.Stores;

/**
 * A bucket and a key prefix parsed from {@code s3://bucket/prefix}. A non-empty prefix always ends
 * with {@code /}, so it names a folder, not the start of a key. The S3 layer's form of the public
 * {@code S3Location}, which delegates to it.
 *
 * @param bucket the bucket name
 * @param prefix the key prefix, empty or ending with {@code /}
 */
public record BucketPrefix(String bucket, String prefix) {

    private static final String SCHEME = Stores.S3 + "://";

    /**
     * Tells whether {@code location} is in the S3 store of the table ({@link Stores#scheme}).
     *
     * @param location a data location, or null
     * @return true for {@code s3://...}, in any case
     */
    public static boolean isS3(String location) {
        return location != null && Stores.scheme(location).equals(Stores.S3);
    }

    /**
     * Parses {@code s3://bucket[/prefix]}.
     *
     * @param url the URL
     * @return the bucket and the prefix, with a {@code /} added to a non-empty prefix
     * @throws IllegalArgumentException if {@code url} is not {@code s3://bucket[/prefix]}
     */
    public static BucketPrefix parse(String url) {
        if (!isS3(url) || url.length() == SCHEME.length()) {
            throw new IllegalArgumentException("not an s3://bucket/prefix URL: " + url);
        }
        String path = url.substring(SCHEME.length());
        int slash = path.indexOf('/');
        String bucket = slash < 0 ? path : path.substring(0, slash);
        String prefix = slash < 0 ? "" : path.substring(slash + 1);
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("no bucket in: " + url);
        }
        if (!prefix.isEmpty() && !prefix.endsWith("/")) {
            prefix += "/";
        }
        return new BucketPrefix(bucket, prefix);
    }

    /**
     * Returns the URL of one object of the bucket.
     *
     * @param key the object's full key
     * @return {@code s3://bucket/key}
     */
    public String url(String key) {
        return SCHEME + bucket + "/" + key;
    }
}
