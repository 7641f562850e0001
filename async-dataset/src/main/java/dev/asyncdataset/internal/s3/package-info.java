/**
 * The S3 client layer: {@code S3Settings} (the clients, retry budget, GET limits and timeouts every
 * S3 reader and writer is made from) and {@code S3Clients} (one owner's clients, each built when
 * first needed): GETs on the SDK's blocking client on the Apache HTTP client, called on the
 * fetching virtual thread; listings and the shard writer's uploads on the asynchronous client on
 * the shared Netty transport ({@code S3Transport}), the SDK's timers on one thread ({@code
 * S3Timer}). The object store of {@code s3://} ({@code S3ObjectStore}, its bodies streamed by
 * {@code S3Stream} and checked by {@code S3Integrity}), which the loose-object and shard sources
 * read through, listings ({@code S3Listing}), and S3's side of the retry policy ({@code S3Errors};
 * the retries themselves are {@code internal.io.Retrier}'s, the writes' requests run by {@code
 * internal.io.Requests}). {@code BucketPrefix} is the bucket and prefix behind the public {@code
 * S3Location}. Not public API: the types are public for the sources and the shard stores and
 * writers.
 */
package dev.asyncdataset.internal.s3;
