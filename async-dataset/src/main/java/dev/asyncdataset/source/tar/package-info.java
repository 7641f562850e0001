/**
 * WebDataset tar shards in any store: image classification and samples of any kind ({@link
 * dev.asyncdataset.source.tar.TarShardSource}), both streamed piece by piece of each shard or read
 * by random access ({@link dev.asyncdataset.writer.ShardWriter} writes such shards). Their
 * locations go through {@link dev.asyncdataset.store.Stores}, the table from a location's scheme to
 * its store.
 */
package dev.asyncdataset.source.tar;
