/**
 * Tar shards as stored and as streamed: where their bytes come from ({@code ShardStore}, whose one
 * implementation {@code StoredShards} reads the shards of any object store, local files, S3,
 * HTTP(S) or registered: found by {@code ShardListing}, read with retries, the read-idle and
 * request timeouts ({@code BodyReads}) and whole-shard reads resumed by identity and checked by the
 * store's checksum ({@code ResumingRead}), or read once from local files ({@code LocalReads});
 * shards named by a {@code BracePattern}, headers walked through {@code ReadAhead}), an epoch's
 * order over them ({@code ShuffleWindows}, dealt by {@code CanonicalPartitions}, shuffled by {@code
 * Shuffle}), and the whole shards a streamed epoch holds ({@code ResidentShards}, loaded by a
 * {@code ShardLoader} into the {@code ShardBuffers} of the source, as {@code ShardSpans} plans).
 * Not public API: the types are public for the sources, the loader and the shard writer.
 */
package dev.asyncdataset.internal.shard;
