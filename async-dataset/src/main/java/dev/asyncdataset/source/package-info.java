/**
 * Where the items of a {@link dev.asyncdataset.ConcurrentDataset} come from: the loader's contracts
 * ({@link ItemSource}, {@link ShardedSource}, {@link LabeledImageSource}, and {@link SourceStats},
 * what a source counts) and the two sources that need no storage, arrays in memory ({@link
 * ArraySource}) and a DJL dataset ({@link DatasetSource}). This package imports, of the library,
 * only {@code decode}; the loader imports it and no package below it.
 *
 * <p>The sources of each kind of storage are in the packages below: {@code source.folder} (an image
 * folder, loose samples in a folder), {@code source.s3} (images and loose samples under an S3
 * prefix, and the {@code S3Options} other packages reach S3 with) and {@code source.tar}
 * (WebDataset tar shards in any store and the shard writer, which open their locations through
 * {@code store.Stores}, the table from a location's scheme to its store). They import these
 * contracts and the machinery under {@code dev.asyncdataset.internal} (the S3 client layer, the tar
 * format, shard stores, streaming and shuffling, the writer's destinations, the disk cache), which
 * is not API and imports none of them. How to add a store of tar shards is in the package
 * documentation of {@code dev.asyncdataset.store}.
 */
package dev.asyncdataset.source;
