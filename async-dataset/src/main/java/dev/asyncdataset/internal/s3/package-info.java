/**
 * The S3 client layer: {@code S3Settings} (the clients, retry budget, GET limits and timeouts every
 * S3 reader and writer is made from) and {@code S3Clients} (one owner's clients, each built when
 * first needed): GETs on the Apache HTTP client of the SDK's blocking client, called on the
 * fetching virtual thread, signed and sent without the SDK's per-request pipeline ({@code
 * SignedGets}: the bucket's endpoint from {@code BucketEndpoint}, the signature from {@code
 * GetSigner}, the wait for the headers bounded by {@code HeadersCall}, the response read by {@code
 * S3ResponseHeaders} and {@code S3ErrorResponses}); listings and the shard writer's uploads on the
 * asynchronous client on the shared Netty transport ({@code S3Transport}), the SDK's timers on one
 * thread ({@code S3Timer}). The object store of {@code s3://} ({@code S3ObjectStore}, its bodies
 * streamed by {@code S3Stream} and checked by {@code S3Integrity} and {@code S3Checksums}), which
 * the loose-object and shard sources read through, listings ({@code S3Listing}), and S3's side of
 * the retry policy ({@code S3Errors}; the retries themselves are {@code internal.io.Retrier}'s, the
 * writes' requests run by {@code internal.io.Requests}). {@code BucketPrefix} is the bucket and
 * prefix behind the public {@code S3Location}. Not public API: the types are public for the sources
 * and the shard stores and writers.
 */
package dev.asyncdataset.internal.s3;
