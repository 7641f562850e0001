/**
 * WebDataset tar shards in any store: image classification and samples of any kind ({@link
 * dev.asyncdataset.source.tar.TarShardSource}), both streamed whole shard by shard or read by
 * random access, and {@link dev.asyncdataset.source.tar.ShardWriter}, which writes such shards.
 * Their locations, and the writer's input and output, go through {@link
 * dev.asyncdataset.store.Stores}, the table from a location's scheme to its store.
 */
package dev.asyncdataset.source.tar;
