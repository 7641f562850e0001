package dev.asyncdataset.sample;

import dev.asyncdataset.decode.BadItemException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One training sample as stored: a key and its named parts, each the bytes of one file or tar
 * member. A part's name is what follows the key in the member's name (for {@code
 * train/000123.seg.png}: key {@code train/000123}, part {@code seg.png}), as WebDataset names them
 * (a base name starting with a dot, or without one, belongs to no sample). A {@link SampleDecoder}
 * turns a sample into a DJL {@code Record}, with the part decoders of {@link Parts}.
 *
 * <p>A sample is immutable except for its parts' bytes, which are shared, not copied: do not change
 * them.
 */
public final class Sample {

    private final String key;
    private final SortedMap<String, byte[]> parts;

    /**
     * Creates a sample.
     *
     * @param key the sample's key, not empty
     * @param parts the parts' bytes by part name; names are not empty, bytes not {@code null}
     * @throws IllegalArgumentException if the key or a part name is empty, or a part is {@code
     *     null}
     */
    public Sample(String key, Map<String, byte[]> parts) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(parts, "parts");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("empty sample key");
        }
        this.key = key;
        this.parts = new TreeMap<>();
        for (Map.Entry<String, byte[]> part : parts.entrySet()) {
            if (part.getKey() == null || part.getKey().isEmpty()) {
                throw new IllegalArgumentException(
                        "sample " + key + ": bad part name '" + part.getKey() + "'");
            }
            if (part.getValue() == null) {
                throw new IllegalArgumentException(
                        "sample " + key + ": part '" + part.getKey() + "' has null bytes");
            }
            this.parts.put(part.getKey(), part.getValue());
        }
    }

    /**
     * Returns the sample's key: the member path up to the first dot of its base name.
     *
     * @return the key
     */
    public String key() {
        return key;
    }

    /**
     * Returns the names of the sample's parts, sorted.
     *
     * @return the part names, unmodifiable
     */
    public Set<String> partNames() {
        return Collections.unmodifiableSet(parts.keySet());
    }

    /**
     * Tells whether the sample has part {@code part}.
     *
     * @param part the part name, such as {@code jpg}
     * @return whether the part is present
     */
    public boolean has(String part) {
        return parts.containsKey(part);
    }

    /**
     * Returns the bytes of part {@code part}, shared with the sample.
     *
     * @param part the part name, such as {@code jpg}
     * @return the part's bytes
     * @throws BadItemException if the sample has no such part, naming the key, the part and the
     *     parts it has
     */
    public byte[] bytes(String part) throws BadItemException {
        byte[] bytes = parts.get(part);
        if (bytes == null) {
            String has = "; the sample has " + parts.keySet();
            throw new BadItemException(member(part), "missing part '" + part + "'" + has, null);
        }
        return bytes;
    }

    /**
     * Returns the member name of part {@code part}, {@code key.part}, the name a bad part is
     * reported under.
     *
     * @param part the part name
     * @return the key, a dot and the part name
     */
    public String member(String part) {
        return key + "." + part;
    }

    /** Returns the key and the part names, for logs. */
    @Override
    public String toString() {
        return key + " " + parts.keySet();
    }
}
