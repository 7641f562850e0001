/**
 * The S3 client layer: {@code S3Settings} (the client, retry budget, GET limits and timeouts every
 * S3 reader and writer is made from) on the shared Netty transport ({@code S3Transport}); one GET
 * attempt ({@code S3Reader}, its body and phase timeouts in {@code S3Body}, checked by {@code
 * S3Integrity}), a whole object resumed after a failure ({@code ResumingGet}), listings ({@code
 * S3Listing}), and S3's side of the retry policy ({@code S3Errors}, {@code S3Requests}; the retries
 * themselves are {@code internal.io.Retrier}'s). {@code BucketPrefix} is the bucket and prefix
 * behind the public {@code S3Location}. Not public API: the types are public for the sources and
 * the shard stores and writers.
 */
package dev.asyncdataset.internal.s3;
