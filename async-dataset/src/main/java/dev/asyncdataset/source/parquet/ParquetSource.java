package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;

/**
 * Image classification from Parquet files, each row an item: its encoded image from a binary column
 * or the Hugging Face Hub's {@code {bytes, path}} struct, its label from an integer column or a
 * string column looked up in the class list. Build one with {@link #builder()}: labeled images
 * ({@link ParquetSourceBuilder#build}) or samples of chosen columns ({@link
 * ParquetSourceBuilder#buildSamples}).
 *
 * <p>{@code ConcurrentDataset} streams this source by default, its row groups as the shards of
 * {@link dev.asyncdataset.source.ShardedSource}, each read whole once per epoch and its pages
 * decoded on the fetch stage.
 *
 * <p>Random access (the loader's {@code ConcurrentDataset.builder().optRandomAccess()}): the
 * footers are read once, when the source is built, with ranged reads, and kept. Fetching an item
 * reads the image and label column chunks of its row group, in one ranged read of their span, and
 * decodes their pages on the fetch stage; the decoded row group is kept while other items of it are
 * fetched, up to {@link ParquetSourceBuilder#optCacheBytes}. Items are numbered file by file, row
 * group by row group, row by row; {@code describe} names an item's file, row group and row in the
 * file.
 *
 * <p>Bad input: a file that is cut short, has a bad footer or lacks a mapped column is left out and
 * kept in {@code damaged()}; a row group whose pages cannot be read (a bad page CRC, a corrupt
 * page) makes each of its items a {@link BadItemException}, as do a null image or label, a label
 * not in the class list and an image that does not decode.
 */
public final class ParquetSource {

    private ParquetSource() {}

    /**
     * Returns a builder of a Parquet source; {@link ParquetSourceBuilder#setLocation} or {@link
     * ParquetSourceBuilder#setLocations} is required.
     *
     * @return a new builder
     */
    public static ParquetSourceBuilder builder() {
        return new ParquetSourceBuilder();
    }
}
