/**
 * Parquet files as an image-classification source ({@link
 * dev.asyncdataset.source.parquet.ParquetSource}) or a source of samples of chosen columns ({@link
 * dev.asyncdataset.source.parquet.ParquetSampleSource}), each row an item, read by random access
 * through ranged reads of the store: the footers once, then the image and label column chunks of
 * the row group an item is in.
 */
package dev.asyncdataset.source.parquet;
