/**
 * Items under an S3 prefix (S3 and S3-compatible stores): labeled images ({@link
 * dev.asyncdataset.source.s3.S3Source}) and samples of any kind as loose objects ({@link
 * dev.asyncdataset.source.s3.S3SampleSource}), both built by {@link
 * dev.asyncdataset.source.s3.S3SourceBuilder}, and {@link dev.asyncdataset.source.s3.S3Location},
 * the bucket and prefix of an {@code s3://} URL.
 */
package dev.asyncdataset.source.s3;
