package dev.asyncdataset.source.jsonl;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.items.SampleRecords;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.SourceStats;
import java.util.List;

/**
 * The records of JSON Lines files of any store as samples, as {@link JsonLinesSource} tells: the
 * fetch step reads a record's line as a JSON object ({@link LineSamples}), as the other sample
 * sources cut their parts there, and the decode step applies the decoder; built by {@link
 * JsonLinesSource#buildSamples}.
 */
final class JsonLines implements ShardedSource<Sample>, StreamableShards<Sample> {

    private final JsonFiles files;
    private final SampleDecoder decoder;

    JsonLines(JsonFiles files, SampleDecoder decoder) {
        this.files = files;
        this.decoder = decoder;
    }

    @Override
    public long size() {
        return files.size();
    }

    @Override
    public long[] shardSizes() {
        return files.fileSizes();
    }

    /** Returns the file and line number of item {@code index}. */
    @Override
    public String describe(long index) {
        return files.describe(index);
    }

    /** Reads the line of item {@code index} by itself, as {@link JsonFiles} tells. */
    @Override
    public Sample fetch(NDManager manager, long index) throws Exception {
        return LineSamples.parse(describe(index), files.fetch(index));
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each file is read whole into a buffer of the largest file's decompressed length, which
     * this source keeps and reuses across epochs (see {@link ShardedSource} for how many an epoch
     * holds). Public for the reason {@code TarShardSource}'s is.
     */
    @Override
    public ShardEpoch<Sample> streamedEpoch() {
        return new ShardEpoch<>(
                files.reads(),
                (index, text, length) ->
                        LineSamples.parse(describe(index), files.cut(index, text, length)));
    }

    /** Applies the decoder; a bad field is a {@link BadItemException} naming the file and line. */
    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws Exception {
        return SampleRecords.decode(decoder, manager, fetched, describe(index));
    }

    /** Returns the files left out because they could not be read as JSON Lines. */
    @Override
    public List<BadItemException> damaged() {
        return files.damaged();
    }

    @Override
    public SourceStats stats() {
        return files.stats();
    }

    @Override
    public void close() {
        files.close();
    }
}
