/**
 * Where the items of a {@link dev.asyncdataset.ConcurrentDataset} come from: the loader's contracts
 * ({@link ItemSource}, {@link ShardedSource}, {@link LabeledImageSource}) and the two sources that
 * need no storage, arrays in memory ({@link ArraySource}) and a DJL dataset ({@link
 * DatasetSource}). The sources of each kind of storage are in the packages below: {@code
 * source.folder} (an image folder, loose samples in a folder), {@code source.s3} (images and loose
 * samples under an S3 prefix) and {@code source.tar} (WebDataset tar shards in a folder, in S3,
 * over HTTP(S) or in a registered store, the shard writer, and {@code Stores}, the one table from a
 * location's scheme to its store). The machinery behind them (the S3 client layer, the tar format,
 * shard stores, streaming and shuffling, the writer's destinations, the disk cache) lives in
 * packages under {@code dev.asyncdataset.internal}, which are not API.
 */
package dev.asyncdataset.source;
