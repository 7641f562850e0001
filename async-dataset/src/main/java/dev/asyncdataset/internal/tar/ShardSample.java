package dev.asyncdataset.internal.tar;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.items.LabeledKeys;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One WebDataset sample of a tar shard: every member sharing a key, by part name ({@code jpg},
 * {@code seg.png}, {@code cls}), and its integer label when it has one. A sample whose members
 * break the layout carries a {@code problem} instead, reported by {@link #check} as a {@link
 * BadItemException}, so that only this sample is lost. An image-classification reader sees it
 * through {@link #image()} and {@link #label()}.
 *
 * @param shard the shard's name
 * @param key the sample's key: the member path up to the first dot of the file name
 * @param parts the members by part name (what follows the key's dot, lower-cased); unmodifiable
 * @param classLabel the integer of the {@code cls} member (else of a {@code txt} member), or {@code
 *     null} if there is none or it is no integer
 * @param problem why the sample cannot be used, or {@code null}
 */
public record ShardSample(
        String shard, String key, Map<String, TarMember> parts, Long classLabel, String problem) {

    /** The largest label member read: a decimal integer with some whitespace. */
    static final int MAX_LABEL_BYTES = 64;

    /**
     * Copies {@code parts} into a compact unmodifiable map (one per sample, kept for every sample).
     */
    public ShardSample {
        parts = Map.copyOf(parts);
    }

    /** A sample that cannot be used, for {@code problem}. */
    static ShardSample bad(String shard, String key, String problem) {
        return new ShardSample(shard, key, Map.of(), null, problem);
    }

    /** The label a label member's bytes hold, or null if they are no decimal integer. */
    public static Long labelOf(byte[] text) {
        if (text.length > MAX_LABEL_BYTES) {
            return null;
        }
        try {
            return Long.parseLong(new String(text, StandardCharsets.UTF_8).strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Checks that member name {@code member} reads back as sample {@code key} and part {@code part}
     * and fits a line of the index.
     *
     * @throws IllegalArgumentException naming the member if it does not
     */
    public static void checkName(String member, String key, String part) {
        if (!ShardSamples.key(member).equals(key)
                || !ShardSamples.part(member).equals(part)
                || member.contains("\t")
                || member.contains("\n")) {
            throw new IllegalArgumentException(
                    "member name '"
                            + member
                            + "' does not read back as key '"
                            + key
                            + "' and part '"
                            + part
                            + "': a key's base name has no dot, a part is lower case, neither"
                            + " has a tab or newline");
        }
    }

    /** Returns the sample's name for error messages: the shard and the key. */
    public String describe() {
        return shard + " sample " + key;
    }

    /**
     * Returns this sample if it is usable.
     *
     * @throws BadItemException naming the shard and the sample if it is not
     */
    public ShardSample check() throws BadItemException {
        if (problem != null) {
            throw new BadItemException(describe(), problem, null);
        }
        return this;
    }

    /** Returns the label of an image-classification sample; 0 if it has none. */
    public long label() {
        return classLabel == null ? 0 : classLabel;
    }

    /**
     * Returns the image member of an image-classification sample: its one image part ({@link
     * LabeledKeys#isImageExtension}), with an integer label.
     *
     * @throws BadItemException naming the shard and the sample if it is no such sample
     */
    public TarMember image() throws BadItemException {
        check();
        TarMember image = null;
        for (Map.Entry<String, TarMember> part : parts.entrySet()) {
            if (LabeledKeys.isImageExtension(part.getKey())) {
                if (image != null) {
                    throw new BadItemException(
                            describe(), "duplicate key: two 'image' members", null);
                }
                image = part.getValue();
            }
        }
        if (image == null) {
            throw new BadItemException(
                    describe(),
                    "no image (" + String.join(", ", LabeledKeys.IMAGE_EXTENSIONS) + ") member",
                    null);
        }
        if (classLabel == null) {
            throw new BadItemException(describe(), labelProblem(), null);
        }
        return image;
    }

    /**
     * Returns this sample reduced to what an image-classification reader keeps for every item: its
     * image member and its label; this sample itself if it is no such sample, so that {@link
     * #image} still reports why.
     *
     * @return the sample with only its image member, or this one
     */
    public ShardSample imageOnly() {
        TarMember image;
        try {
            image = image();
        } catch (BadItemException e) {
            return this;
        }
        return new ShardSample(
                shard, key, Map.of(ShardSamples.part(image.name()), image), classLabel, problem);
    }

    private String labelProblem() {
        TarMember label = parts.containsKey("cls") ? parts.get("cls") : parts.get("txt");
        return label == null
                ? "no label (cls, txt) member"
                : "label member "
                        + label.name()
                        + " is not an integer of at most "
                        + MAX_LABEL_BYTES
                        + " bytes";
    }
}
