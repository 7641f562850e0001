package dev.asyncdataset.sample;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The part decoders a {@link SampleDecoder} is written with, one per kind of part, named after
 * WebDataset's decoders by extension: images ({@code jpg jpeg png ppm pgm pbm webp}), integers
 * ({@code cls cls2 index}), text ({@code txt text transcript}), JSON ({@code json jsn}), NumPy
 * arrays ({@code npy}), and raw bytes for anything else. {@link #array} picks the decoder from the
 * part's extension.
 *
 * <p>A part that is missing or cannot be decoded raises a {@link BadItemException} whose key is the
 * part's member name ({@code key.part}), so the loader's bad-item policy fails or skips the sample;
 * nothing is ever replaced by a default. Arrays are created in the given manager.
 */
public final class Parts {

    /** The extensions {@link #array} decodes as images. */
    public static final Set<String> IMAGES =
            Set.of("jpg", "jpeg", "png", "ppm", "pgm", "pbm", "webp");

    /** The extensions {@link #array} decodes as integers. */
    public static final Set<String> INTEGERS = Set.of("cls", "cls2", "index");

    private Parts() {}

    /**
     * Decodes an image part into an HWC uint8 RGB array, as the image sources do, with the
     * library's {@link ImageDecoder} (JPEG, PNG, BMP, GIF; others as the installed codec reads).
     *
     * @param manager where the array is created
     * @param sample the sample
     * @param part the part name, such as {@code jpg}
     * @return the (height, width, 3) uint8 image
     * @throws BadItemException if the part is missing, truncated or not a decodable image
     */
    public static NDArray image(NDManager manager, Sample sample, String part)
            throws BadItemException {
        return ImageDecoder.decode(
                manager, ByteBuffer.wrap(sample.bytes(part)), sample.member(part));
    }

    /**
     * Decodes an integer part (a class index as decimal text, such as {@code cls}) into an int64
     * scalar, as DJL's {@code ImageFolder} labels are.
     *
     * @param manager where the array is created
     * @param sample the sample
     * @param part the part name, such as {@code cls}
     * @return the int64 scalar
     * @throws BadItemException if the part is missing or not one decimal integer
     */
    public static NDArray integer(NDManager manager, Sample sample, String part)
            throws BadItemException {
        String text = text(sample, part).strip();
        try {
            return manager.create(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new BadItemException(sample.member(part), "not an integer: '" + text + "'", e);
        }
    }

    /**
     * Decodes a text part as UTF-8.
     *
     * @param sample the sample
     * @param part the part name, such as {@code txt}
     * @return the text
     * @throws BadItemException if the part is missing or not valid UTF-8
     */
    public static String text(Sample sample, String part) throws BadItemException {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(sample.bytes(part)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new BadItemException(sample.member(part), "not valid UTF-8 text", e);
        }
    }

    /**
     * Returns the bytes of a text document's part, checked: not empty and UTF-8, else a {@link
     * BadItemException} naming the part ({@code empty document}, {@code not UTF-8 text}).
     */
    static byte[] document(Sample sample, String part) throws BadItemException {
        byte[] bytes = sample.bytes(part);
        if (bytes.length == 0) {
            throw new BadItemException(sample.member(part), "empty document", null);
        }
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new BadItemException(sample.member(part), "not UTF-8 text", e);
        }
        return bytes;
    }

    /**
     * Decodes a JSON part (UTF-8, strict RFC 8259 syntax, one value) into an object of {@code type}
     * with Gson, such as a record of the annotation's fields, or into Gson's tree with {@code
     * JsonElement.class} ({@link com.google.gson.JsonNull} for the document {@code null}). As with
     * Gson, a field missing from the JSON keeps its Java default.
     *
     * @param <T> the type
     * @param sample the sample
     * @param part the part name, such as {@code json}
     * @param type the class to bind to
     * @return the value, never {@code null}
     * @throws BadItemException if the part is missing, not UTF-8, not one JSON value, does not fit
     *     {@code type}, or is {@code null} and {@code type} is not Gson's tree
     */
    public static <T> T json(Sample sample, String part, Class<T> type) throws BadItemException {
        String text = text(sample, part);
        try {
            T value = StrictJson.read(text, type);
            if (value == null) {
                throw new IOException("the JSON value is null");
            }
            return value;
        } catch (IOException e) {
            throw new BadItemException(
                    sample.member(part), "unparsable JSON: " + e.getMessage(), e);
        }
    }

    /**
     * Decodes a NumPy {@code .npy} part, as {@code numpy.save} writes it, into an array of the same
     * shape and type. Read: little-endian (or single-byte) float16, float32, float64, int8, uint8,
     * int32, int64 and bool arrays in C order, of any shape including scalars and empty arrays.
     *
     * @param manager where the array is created
     * @param sample the sample
     * @param part the part name, such as {@code npy}
     * @return the array
     * @throws BadItemException if the part is missing, is not an {@code .npy} array, has a type or
     *     order not read, or holds other than the data bytes its header declares
     */
    public static NDArray npy(NDManager manager, Sample sample, String part)
            throws BadItemException {
        byte[] bytes = sample.bytes(part);
        NpyHeader.check(bytes, sample.member(part));
        try {
            return NDList.decode(manager, bytes).singletonOrThrow();
        } catch (RuntimeException e) {
            throw new BadItemException(sample.member(part), "unreadable .npy array", e);
        }
    }

    /**
     * Returns a part's bytes as a uint8 array of shape (length), for parts no other decoder reads.
     *
     * @param manager where the array is created
     * @param sample the sample
     * @param part the part name
     * @return the bytes as a uint8 array
     * @throws BadItemException if the part is missing
     */
    public static NDArray raw(NDManager manager, Sample sample, String part)
            throws BadItemException {
        byte[] bytes = sample.bytes(part);
        return manager.create(ByteBuffer.wrap(bytes), new Shape(bytes.length), DataType.UINT8);
    }

    /**
     * Decodes a part into an array by the extension of its name (what follows its last dot): {@link
     * #image} for {@link #IMAGES} and those of an {@link dev.asyncdataset.decode.ImageFormat} on
     * the class path, {@link #integer} for {@link #INTEGERS}, {@link #npy} for {@code npy}.
     *
     * @param manager where the array is created
     * @param sample the sample
     * @param part the part name, such as {@code jpg} or {@code seg.png}
     * @return the decoded array
     * @throws BadItemException if the part is missing or cannot be decoded
     * @throws IllegalArgumentException if the extension has no array decoder (text and JSON parts
     *     are decoded with {@link #text} and {@link #json}, other bytes with {@link #raw})
     */
    public static NDArray array(NDManager manager, Sample sample, String part)
            throws BadItemException {
        String extension = part.substring(part.lastIndexOf('.') + 1);
        if (IMAGES.contains(extension) || ImageDecoder.hasFormat(extension)) {
            return image(manager, sample, part);
        }
        if (INTEGERS.contains(extension)) {
            return integer(manager, sample, part);
        }
        if (extension.equals("npy")) {
            return npy(manager, sample, part);
        }
        throw new IllegalArgumentException(
                "part '"
                        + part
                        + "': no array decoder for '."
                        + extension
                        + "'; arrays are read from "
                        + IMAGES
                        + ", "
                        + INTEGERS
                        + " and [npy]");
    }
}
