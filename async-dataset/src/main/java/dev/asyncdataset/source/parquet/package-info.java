/**
 * Parquet files as an image-classification source ({@link
 * dev.asyncdataset.source.parquet.ParquetSource}) or a source of samples of chosen columns ({@link
 * dev.asyncdataset.source.parquet.ParquetSampleSource}), each row an item, through ranged reads of
 * the store: the footers once, then the chosen column chunks of a row group. {@code
 * ConcurrentDataset} streams them with the row groups as shards, each read whole once per epoch; by
 * random access an item reads the chunks of its row group.
 */
package dev.asyncdataset.source.parquet;
