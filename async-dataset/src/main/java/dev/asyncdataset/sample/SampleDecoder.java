package dev.asyncdataset.sample;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;

/**
 * Turns a {@link Sample} into the DJL {@link Record} a model trains on: the arrays of its data and
 * of its labels. Written by the user, with the part decoders of {@link Parts}; for an image
 * classification sample:
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
}
