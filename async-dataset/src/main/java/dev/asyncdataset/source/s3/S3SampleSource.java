package dev.asyncdataset.source.s3;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.items.ListOnce;
import dev.asyncdataset.internal.items.PartReads;
import dev.asyncdataset.internal.items.SampleRecords;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.loose.StoreSamples;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.sample.SampleNames;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import dev.asyncdataset.source.folder.SampleFolderSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SortedMap;

/**
 * Samples of any kind stored as loose objects under an S3 prefix, as WebDataset names them: the
 * objects whose keys, relative to the prefix, share a path up to the first dot of their base name
 * form one sample ({@code train/000123.jpg}, {@code train/000123.json}: sample {@code train/000123}
 * with parts {@code jpg} and {@code json}; see {@link SampleNames}), in the order of their keys.
 * The S3 twin of {@link SampleFolderSource}: the same files in a folder and under a prefix give the
 * same samples.
 *
 * <p>The prefix is listed once, by {@link #prepare} (keys with a hidden name, a folder or base name
 * starting with a dot, and base names without a dot are left out); no manifest is read. {@link
 * #fetch} reads every part object of a sample, at once, as {@link S3Source} reads an image: from
 * the local cache when {@link S3SourceBuilder#optCache} is set, else by GET with the same timeouts,
 * checksum checks and retries within the retry budget. A missing part object, one larger than
 * {@link S3SourceBuilder#optMaxPartBytes}, one still failing when the budget is spent, or two
 * objects for one part (names differing only in case) is a {@link BadItemException} naming it; your
 * {@link SampleDecoder} turns each {@link Sample} into a DJL record in {@link #decode}.
 *
 * <pre>{@code
 * S3SampleSource source = S3Source.builder()
 *         .setUrl("s3://my-bucket/coco/train/")
 *         .optCache(Path.of("/mnt/cache"), 50L << 30)
 *         .buildSamples((manager, sample) -> new Record(
 *                 new NDList(Parts.image(manager, sample, "jpg")),
 *                 new NDList(Parts.npy(manager, sample, "boxes.npy"))));
 * }</pre>
 */
public final class S3SampleSource implements ItemSource<Sample> {

    private final StoreObjects objects;
    private final ListOnce<StoreSamples> samples;
    private final SampleDecoder decoder;
    private final PartReads parts = new PartReads(this::read);

    S3SampleSource(StoreObjects objects, ListOnce<StoreSamples> samples, SampleDecoder decoder) {
        this.objects = objects;
        this.samples = samples;
        this.decoder = decoder;
    }

    /**
     * Lists the prefix, once: later calls do nothing. Each LIST page is retried on its own within
     * the retry budget.
     *
     * @param progress reports the keys listed, or {@code null}
     * @throws IOException if a page cannot be read within the retry budget
     * @throws IllegalArgumentException if the prefix holds no sample
     */
    @Override
    public void prepare(Progress progress) throws IOException {
        samples.prepare(progress);
    }

    /**
     * Returns the number of samples, listing them first if {@link #prepare} was not called.
     *
     * @throws UncheckedIOException if that listing fails
     */
    @Override
    public long size() {
        return samples.get().samples().size();
    }

    /**
     * Returns the key of sample {@code index}, the one its {@link Sample} has: its objects' key
     * relative to the prefix, up to the first dot of the base name.
     *
     * @param index the item index
     * @return the sample key
     */
    public String key(long index) {
        return samples.get().samples().key(Math.toIntExact(index));
    }

    /**
     * Reads the part objects of sample {@code index} from the cache or S3. Running out of memory on
     * one sample makes that sample bad, not the storage: {@code BadItemPolicy.SKIP} skips it.
     */
    @Override
    public Sample fetch(NDManager manager, long index) throws Exception {
        SortedMap<String, String> files =
                samples.get().samples().parts(Math.toIntExact(index), describe(index));
        try {
            return new Sample(key(index), parts.read(files));
        } catch (OutOfMemoryError e) {
            throw new BadItemException(describe(index), "out of memory reading it", e);
        }
    }

    private byte[] read(String file) throws IOException {
        String url = objects.url(file);
        return objects.read(url, samples.get().lengths().get(file), url);
    }

    /** Applies the decoder to the sample. */
    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws Exception {
        return SampleRecords.decode(decoder, manager, fetched, describe(index));
    }

    /** Returns {@code s3://bucket/key} of sample {@code index}, its key under the prefix. */
    @Override
    public String describe(long index) {
        return objects.url(key(index));
    }

    /**
     * Returns the counts of the part reads, over all parts and threads, as {@link
     * S3Source#stats()}.
     */
    @Override
    public SourceStats stats() {
        return objects.stats(SourceStats::new);
    }

    /** Closes the S3 client and its connection pool. */
    @Override
    public void close() {
        objects.close();
    }
}
