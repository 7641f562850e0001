package dev.asyncdataset.internal.items;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;

/** Applies a user's {@link SampleDecoder} for the sample sources. */
public final class SampleRecords {

    private SampleRecords() {}

    /**
     * Decodes {@code sample} with {@code decoder}.
     *
     * @param name the sample's name in messages
     * @throws IllegalStateException naming the sample if the decoder returns null
     */
    public static Record decode(
            SampleDecoder decoder, NDManager manager, Sample sample, String name) throws Exception {
        Record record = decoder.decode(manager, sample);
        if (record == null) {
            throw new IllegalStateException("the SampleDecoder returned null for " + name);
        }
        return record;
    }
}
