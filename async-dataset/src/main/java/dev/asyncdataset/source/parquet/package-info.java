/**
 * Parquet files as an image-classification source, each row an item ({@link
 * dev.asyncdataset.source.parquet.ParquetSource}), read by random access through ranged reads of
 * the store: the footers once, then the image and label column chunks of the row group an item is
 * in.
 */
package dev.asyncdataset.source.parquet;
