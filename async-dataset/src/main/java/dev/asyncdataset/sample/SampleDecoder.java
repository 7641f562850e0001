package dev.asyncdataset.sample;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import java.util.Objects;

/**
 * Turns a {@link Sample} into the DJL {@link Record} a model trains on: the arrays of its data and
 * of its labels. Written by the user, with the part decoders of {@link Parts}; for an image
 * classification sample (which {@link #imageClassification} returns):
 *
 * <pre>{@code
 * SampleDecoder decoder = (manager, sample) -> new Record(
 *         new NDList(Parts.image(manager, sample, "jpg")),
 *         new NDList(Parts.integer(manager, sample, "cls")));
 * }</pre>
 *
 * <p>It runs on the loader's decode threads, many samples at once, so it must be thread-safe. A
 * sample that cannot be decoded (a missing or corrupt part) is reported with a {@link
 * dev.asyncdataset.decode.BadItemException}, as the part decoders do, and is then failed or skipped
 * by the loader's bad-item policy; any other exception ends the iteration.
 */
@FunctionalInterface
public interface SampleDecoder {

    /**
     * Decodes {@code sample} into arrays created in {@code manager}.
     *
     * @param manager a CPU manager owned by the sample's batch
     * @param sample the sample's key and parts
     * @return the sample's data and labels
     * @throws Exception if the sample cannot be decoded
     */
    Record decode(NDManager manager, Sample sample) throws Exception;

    /**
     * Returns the decoder of image-classification samples: the records the image sources ({@code
     * FolderSource}, {@code TarShardSource}, {@code ParquetSource}) give, an HWC uint8 RGB image
     * ({@link Parts#image}) and an int64 scalar label ({@link Parts#integer}). Those sources stay
     * the faster way to read such samples: knowing each item is one image, the loader decodes it
     * straight into its row of a recycled batch buffer.
     *
     * @param imagePart the image's part name, such as {@code jpg}
     * @param labelPart the label's part name, such as {@code cls}
     * @return the decoder
     */
    static SampleDecoder imageClassification(String imagePart, String labelPart) {
        Objects.requireNonNull(imagePart, "imagePart");
        Objects.requireNonNull(labelPart, "labelPart");
        return (manager, sample) ->
                new Record(
                        new NDList(Parts.image(manager, sample, imagePart)),
                        new NDList(Parts.integer(manager, sample, labelPart)));
    }

    /**
     * Returns the decoder of text documents, for {@code dev.asyncdataset.PackedDataset}: part
     * {@code part} (a Parquet string column, a JSON Lines field, a tar shard's {@code txt} member)
     * as one array of its UTF-8 bytes, and no labels. An empty part or one that is not UTF-8 is a
     * {@link dev.asyncdataset.decode.BadItemException} naming the sample's key (a Parquet file and
     * row, a shard and member) and the part.
     *
     * @param part the text's part name, such as {@code text} or {@code txt}
     * @return the decoder
     */
    static SampleDecoder text(String part) {
        Objects.requireNonNull(part, "part");
        return (manager, sample) ->
                new Record(new NDList(manager.create(Parts.document(sample, part))), new NDList());
    }

    /**
     * Returns the decoder of labeled text documents, for {@code PackedDataset}'s padded batches:
     * part {@code textPart} as {@link #text} reads it, and part {@code labelPart} as an int64
     * scalar label ({@link Parts#integer}: decimal text, such as a JSON Lines number field).
     *
     * @param textPart the text's part name, such as {@code text}
     * @param labelPart the label's part name, such as {@code label}
     * @return the decoder
     */
    static SampleDecoder text(String textPart, String labelPart) {
        Objects.requireNonNull(textPart, "textPart");
        Objects.requireNonNull(labelPart, "labelPart");
        return (manager, sample) ->
                new Record(
                        new NDList(manager.create(Parts.document(sample, textPart))),
                        new NDList(Parts.integer(manager, sample, labelPart)));
    }
}
