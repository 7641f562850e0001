/**
 * The settings of S3 and S3-compatible stores ({@code s3://bucket/prefix}): endpoint, addressing,
 * region, credentials, connections and checksums ({@link dev.asyncdataset.store.s3.S3Options}),
 * given to any source or writer through {@code StoreOptions.builder().optS3(...)}.
 */
package dev.asyncdataset.store.s3;
