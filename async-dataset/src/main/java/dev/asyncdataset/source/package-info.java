/**
 * Where the items of a {@link dev.asyncdataset.ConcurrentDataset} come from: the {@link ItemSource}
 * interface and one class per kind of storage: arrays in memory ({@link ArraySource}), a DJL
 * dataset ({@link DatasetSource}), an image folder ({@link ImageFolderSource}), images in S3
 * ({@link S3Source}, {@link S3Location}), samples of any kind as loose files in a folder or in S3
 * ({@link SampleFolderSource}, {@link S3SampleSource}) and WebDataset tar shards in a folder, in S3
 * or over HTTP(S) (image classification: {@link TarShardSource}; samples of any kind: {@link
 * TarSampleSource}; both {@link ShardedSource}s), plus {@link ShardWriter}, which writes such
 * shards. Every location goes through {@link Stores}, the one table from a scheme to its store. The
 * machinery behind them (the S3 client layer, the tar format, shard stores, streaming and
 * shuffling, the writer's destinations, the disk cache) lives in packages under {@code
 * dev.asyncdataset.internal}, which are not API.
 */
package dev.asyncdataset.source;
