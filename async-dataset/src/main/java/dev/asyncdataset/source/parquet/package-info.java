/**
 * Parquet files as an image-classification source ({@link
 * dev.asyncdataset.source.parquet.ParquetSource}) or a source of samples of chosen columns ({@link
 * dev.asyncdataset.source.parquet.ParquetSource#buildSamples}), each row an item, through ranged
 * reads of the store: the footers once, then the chosen column chunks of a row group. {@code
 * ConcurrentDataset} streams them with the row groups as shards, each read whole once per epoch; by
 * random access an item reads the image page holding its row, found with the offset index, and its
 * row group's label chunk ({@code PageLocations}, {@code ReadUnits}), or the chunks of its row
 * group where the file has no usable offset index.
 *
 * <p>Design: Hardwood reads the footers, the label column and the sample source's columns other
 * than binary ones. The image column, and a sample source's binary columns, are decoded here
 * ({@code BinaryChunk}): page headers read with a compact-protocol reader of the fields needed
 * ({@code PageHeader}, {@code CompactReader}), page CRCs checked, each page decompressed once into
 * an array ({@code PageCodec}): of its exact size by random access, lent by the source's pool when
 * streamed ({@code PageBuffers}, given back when the epoch's last row of the row group is done
 * with: {@code StreamedRowGroups}), definition levels and dictionary indices decoded from the
 * RLE/bit-packed hybrid ({@code HybridDecoder}), and each image handed out as a view of its page's
 * array ({@code PageValues}), so that an image costs no growing array and no copy. A chunk of
 * another encoding or codec goes to Hardwood.
 */
package dev.asyncdataset.source.parquet;
