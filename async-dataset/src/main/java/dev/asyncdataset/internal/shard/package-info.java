/**
 * Tar shards as stored and as streamed: where their bytes come from ({@code ShardStore}, a folder's
 * {@code FolderShardStore}, an S3 prefix's {@code S3ShardStore}, or any object store's {@code
 * StoredShards}, which adds retries, the read-idle and request timeouts ({@code BodyReads}) and
 * resumed whole-shard reads to an HTTP(S) or registered store; shards named by a {@code
 * BracePattern}, headers walked through {@code ReadAhead}), an epoch's order over them ({@code
 * ShuffleWindows}, dealt by {@code CanonicalPartitions}, shuffled by {@code Shuffle}), and the
 * whole shards a streamed epoch holds ({@code ResidentShards}, loaded by a {@code ShardLoader} into
 * the {@code ShardBuffers} of the source, as {@code ShardSpans} plans). Not public API: the types
 * are public for the sources, the loader and the shard writer.
 */
package dev.asyncdataset.internal.shard;
