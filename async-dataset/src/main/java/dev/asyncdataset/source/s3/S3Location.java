package dev.asyncdataset.source.s3;

import dev.asyncdataset.internal.s3.BucketPrefix;

/**
 * A bucket and a key prefix parsed from {@code s3://bucket/prefix}. A non-empty prefix always ends
 * with {@code /}, so it names a folder, not the start of a key.
 *
 * @param bucket the bucket name
 * @param prefix the key prefix, empty or ending with {@code /}
 */
public record S3Location(String bucket, String prefix) {

    /**
     * Tells whether {@code location} is in the S3 store of the table of stores.
     *
     * @param location a data location, or null
     * @return true for {@code s3://...}, in any case
     * @deprecated ask the table of stores: {@code Stores.scheme(location).equals(Stores.S3)}, or
     *     {@code !Stores.isLocal(location)} for any remote store
     */
    @Deprecated(forRemoval = true)
    public static boolean isS3(String location) {
        return BucketPrefix.isS3(location);
    }

    /**
     * Parses {@code s3://bucket[/prefix]}.
     *
     * @param url the URL
     * @return the bucket and the prefix, with a {@code /} added to a non-empty prefix
     * @throws IllegalArgumentException if {@code url} is not {@code s3://bucket[/prefix]}
     */
    public static S3Location parse(String url) {
        BucketPrefix parsed = BucketPrefix.parse(url);
        return new S3Location(parsed.bucket(), parsed.prefix());
    }

    /**
     * Returns the URL of one object of the bucket.
     *
     * @param key the object's full key
     * @return {@code s3://bucket/key}
     */
    public String url(String key) {
        return new BucketPrefix(bucket, prefix).url(key);
    }
}
