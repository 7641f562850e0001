package dev.asyncdataset.internal.tar;

import dev.asyncdataset.decode.BadItemException;

/**
 * One WebDataset sample of a tar shard: the members sharing a key, reduced to what a classifier
 * reads. A sample whose members break the layout carries a {@code problem} instead, reported by
 * {@link #check} as a {@link BadItemException}, so that only this sample is lost.
 *
 * @param shard the shard's name
 * @param key the sample's key: the member path up to the first dot of the file name
 * @param image the image member ({@code jpg}, {@code jpeg}, {@code png}; also {@code bmp}, {@code
 *     gif}, {@code wbmp}, as DJL's {@code ImageFolder} accepts), or {@code null}
 * @param label the integer label read from the {@code cls} or {@code txt} member
 * @param json the {@code json} member, kept as bytes, or {@code null}
 * @param problem why the sample cannot be used, or {@code null}
 */
public record ShardSample(
        String shard, String key, TarMember image, long label, TarMember json, String problem) {

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
}
