package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.internal.order.ShardStream;
import dev.asyncdataset.internal.pipeline.ReadyWait;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Samples of any parts written by {@link ShardWriter} from loose files (in a folder or on S3Proxy)
 * to S3Proxy and read back through {@code TarShardSource.buildSamples}: by random access one ranged
 * GET per sample, streamed one GET per shard, every part equal to its loose file.
 */
class TarSamplesIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://samples/train/";
    private static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.image(manager, sample, "jpg")),
                            new NDList(Parts.integer(manager, sample, "cls")));

    @TempDir Path loose;

    @Test
    void samplesWrittenToS3ReadBackEqualWithOneGetPerSampleOrPerShard() throws Exception {
        writeLooseSamples(30);
        S3.upload("samples", "train/", Map.of());
        List<String> shards =
                ShardWriter.builder()
                        .setLocation(loose.toString())
                        .optSamples()
                        .setOutput(URL)
                        .optStore(S3.storeOptions().build())
                        .optShardBytes(40_000)
                        .optKeepOrder()
                        .build()
                        .write();
        assertTrue(shards.size() > 2, "shards: " + shards);
        try (ItemSource<Sample> files =
                        FolderSource.builder().setLocation(loose.toString()).buildSamples(DECODER);
                ItemSource<Sample> tars = shards(URL)) {
            long[] order = LongStream.range(0, tars.size()).toArray();
            S3.faults().setPolicy((key, attempt) -> Fault.NONE);
            for (long i : order) {
                assertSame(files.fetch(null, i), tars.fetch(null, i));
            }
            assertEquals(tars.size(), S3.faults().getCount(), "one ranged GET per sample");
            S3.faults().setPolicy((key, attempt) -> Fault.NONE);
            try (ItemSource<Sample> streamed = ShardStream.of(tars, order, order.length)) {
                for (long i : order) {
                    ReadyWait.awaitReady(streamed, i);
                    assertSame(files.fetch(null, i), streamed.fetch(null, i));
                }
            }
            assertEquals(shards.size(), S3.faults().getCount(), "one GET per shard");
        }
    }

    @Test
    void looseSampleObjectsOnS3AreWrittenToShardsThatReadBackEqual() throws Exception {
        writeLooseSamples(12);
        Map<String, byte[]> objects = new HashMap<>();
        try (Stream<Path> files = Files.list(loose)) {
            for (Path file : files.toList()) {
                objects.put(file.getFileName().toString(), Files.readAllBytes(file));
            }
        }
        S3.upload("loose", "train/", objects);
        String output = "s3://loose/shards/";
        ShardWriter.builder()
                .setLocation("s3://loose/train/")
                .optSamples()
                .setOutput(output)
                .optStore(S3.storeOptions().build())
                .optKeepOrder()
                .build()
                .write();
        try (ItemSource<Sample> files =
                        FolderSource.builder().setLocation(loose.toString()).buildSamples(DECODER);
                ItemSource<Sample> tars = shards(output)) {
            assertEquals(files.size(), tars.size());
            for (long i = 0; i < files.size(); i++) {
                assertSame(files.fetch(null, i), tars.fetch(null, i));
            }
        }
    }

    private static ItemSource<Sample> shards(String url) throws Exception {
        return TarShardSource.builder()
                .setLocation(url)
                .optStore(S3.storeOptions().build())
                .buildSamples(DECODER);
    }

    private void writeLooseSamples(int count) throws Exception {
        for (int i = 0; i < count; i++) {
            String key = String.format("%06d", i);
            Files.write(loose.resolve(key + ".jpg"), TestImages.jpeg(40, 32, i));
            Files.writeString(loose.resolve(key + ".cls"), Integer.toString(i % 4));
            Files.writeString(loose.resolve(key + ".json"), "{\"id\": " + i + "}");
            Files.write(loose.resolve(key + ".seg.png"), TestImages.jpeg(16, 16, 50 + i));
        }
    }

    private static void assertSame(Sample expected, Sample actual) throws Exception {
        assertEquals(expected.key(), actual.key());
        assertEquals(expected.partNames(), actual.partNames(), expected.key());
        for (String part : expected.partNames()) {
            assertArrayEquals(expected.bytes(part), actual.bytes(part), expected.member(part));
        }
    }
}
