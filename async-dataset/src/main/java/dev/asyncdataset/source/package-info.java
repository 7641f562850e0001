/**
 * Where the items of a {@link dev.asyncdataset.ConcurrentDataset} come from: the loader's contracts
 * ({@link ItemSource}, {@link ShardedSource}, {@link LabeledImageSource}, and {@link SourceStats},
 * what a source counts). A DJL dataset (arrays in memory as an {@code ArrayDataset} too) is read
 * through {@link dev.asyncdataset.DatasetSource}; the sources of each layout are in the packages
 * below this one; how to add a store is in the package documentation of {@code
 * dev.asyncdataset.store}.
 */
package dev.asyncdataset.source;
