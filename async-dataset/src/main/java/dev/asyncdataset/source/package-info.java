/**
 * Where the items of a {@link dev.asyncdataset.ConcurrentDataset} come from: the loader's contracts
 * ({@link ItemSource}, {@link ShardedSource}, {@link LabeledImageSource}, and {@link SourceStats},
 * what a source counts) and the two sources that need no storage, arrays in memory ({@link
 * ArraySource}) and a DJL dataset ({@link DatasetSource}). The sources of each kind of storage are
 * in the packages below this one; how to add a store is in the package documentation of {@code
 * dev.asyncdataset.store}.
 */
package dev.asyncdataset.source;
