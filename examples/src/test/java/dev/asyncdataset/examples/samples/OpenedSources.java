package dev.asyncdataset.examples.samples;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Samples that keep every source they open, so a test can check what training read from. */
final class OpenedSources implements SampleSources {

    private final SampleSources samples;
    private final List<ItemSource<Sample>> opened = new ArrayList<>();

    OpenedSources(SampleSources samples) {
        this.samples = samples;
    }

    @Override
    public synchronized ItemSource<Sample> open(SampleDecoder decoder) throws IOException {
        ItemSource<Sample> source = samples.open(decoder);
        opened.add(source);
        return source;
    }

    /** The sources opened so far, in order. */
    synchronized List<ItemSource<Sample>> opened() {
        return List.copyOf(opened);
    }
}
