package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files of Parquet and tar shards with every subset of them damaged (none, first, middle, last,
 * several in a row, all): under {@link BadItemPolicy#SKIP} and {@link BadItemPolicy#FAIL}, a
 * streamed epoch, a random-access epoch and {@code fetch(i)} over every index each give every row
 * of every intact file exactly once, with its own key, label and bytes, and each damaged file is
 * counted once; under FAIL an epoch fails naming a damaged file.
 */
class DamagedFilesAnywhereIT {

    private static final int FILES = 4;
    private static final int ROWS = 6;

    /** The row groups of a Parquet file: the streamed shards, several to a file. */
    private static final int GROUP = 3;

    @TempDir Path dir;

    /** Every subset of the files, as a bit mask of the damaged ones, in both formats. */
    static Stream<Arguments> damagedSubsets() {
        return Stream.of("parquet", "tar")
                .flatMap(f -> IntStream.range(0, 1 << FILES).mapToObj(m -> Arguments.of(f, m)));
    }

    @ParameterizedTest(name = "{0}, damaged mask {1}")
    @MethodSource("damagedSubsets")
    void everyReadDeliversEveryRowOfTheIntactFilesOnceWithItsOwnLabelAndBytes(
            String format, int damaged) throws Exception {
        List<List<Row>> files = rows(damaged);
        List<String> expected = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            String name = write(format, f, files.get(f));
            if ((damaged & 1 << f) != 0) {
                damage(Path.of(name), f);
                names.add(Path.of(name).getFileName().toString());
            } else {
                for (int r = 0; r < ROWS; r++) {
                    Row row = files.get(f).get(r);
                    expected.add(item(key(format, name, r, row), row.label(), row.image()));
                }
            }
        }
        if (damaged == (1 << FILES) - 1) {
            assertEveryFileDamagedFails(format);
            return;
        }
        try (ItemSource<?> source = open(format)) {
            assertEquals(names.size(), source.damaged().size(), source.damaged().toString());
            assertEquals(sorted(expected), fetchedByIndex(source));
            for (boolean randomAccess : new boolean[] {false, true}) {
                ConcurrentDataset skip = dataset(source, BadItemPolicy.SKIP, randomAccess);
                assertEquals(sorted(expected), epoch(skip), "random access " + randomAccess);
                assertEquals(sorted(expected), epoch(skip), "a second epoch");
                assertEquals(names.size(), skip.stats().damagedParts(), "counted once");
                ConcurrentDataset fail = dataset(source, BadItemPolicy.FAIL, randomAccess);
                if (names.isEmpty()) {
                    assertEquals(sorted(expected), epoch(fail));
                } else {
                    Exception e = assertThrows(Exception.class, () -> epoch(fail));
                    assertTrue(names.stream().anyMatch(String.valueOf(e)::contains), e.toString());
                }
            }
        }
    }

    /** {@link #FILES} files of {@link #ROWS} rows of random bytes, a key and a label each. */
    private static List<List<Row>> rows(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Row>> files = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            List<Row> rows = new ArrayList<>();
            for (int r = 0; r < ROWS; r++) {
                byte[] bytes = new byte[200 + random.nextInt(200)];
                random.nextBytes(bytes);
                rows.add(new Row(bytes, "f" + f + "r" + r, random.nextLong(0, 5)));
            }
            files.add(rows);
        }
        return files;
    }

    /**
     * The key of row {@code r} of file {@code name}: a Parquet row's names its file, row group and
     * row; a shard's sample keeps the key it was written with.
     */
    private static String key(String format, String name, int r, Row row) {
        return "parquet".equals(format)
                ? name + " row group " + r / GROUP + " row " + r
                : row.path();
    }

    /** Writes file {@code f} of {@code rows}; the tar shards with their indexes. */
    private String write(String format, int f, List<Row> rows) throws Exception {
        if ("parquet".equals(format)) {
            Path file = dir.resolve(String.format("part-%02d.parquet", f));
            ParquetFixtures.parquetJava(file, rows, CompressionCodecName.SNAPPY, GROUP, false);
            return file.toString();
        }
        List<Sample> samples = new ArrayList<>();
        for (Row row : rows) {
            samples.add(
                    new Sample(
                            row.path(),
                            Map.of(
                                    "image",
                                    row.image(),
                                    "label",
                                    String.valueOf(row.label()).getBytes(StandardCharsets.UTF_8))));
        }
        List<String> written =
                ShardWriter.builder()
                        .setOutput(dir.toString())
                        .optPrefix(String.format("part-%02d", f))
                        .optKeepOrder()
                        .build()
                        .write(samples.iterator());
        assertEquals(1, written.size(), written.toString());
        return written.get(0);
    }

    /**
     * Damages {@code file}: cut in half, or (odd positions, Parquet) its footer overwritten; a
     * shard's index is left as it was, and then names a length the shard no longer has.
     */
    private static void damage(Path file, int f) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        if (f % 2 == 1 && file.toString().endsWith(".parquet")) {
            Arrays.fill(bytes, bytes.length - 40, bytes.length - 8, (byte) 0x55);
            Files.write(file, bytes);
        } else {
            Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
        }
    }

    private void assertEveryFileDamagedFails(String format) throws Exception {
        if ("parquet".equals(format)) {
            assertThrows(BadItemException.class, () -> open(format));
            return;
        }
        try (ItemSource<?> source = open(format)) {
            assertEquals(FILES, source.damaged().size());
            for (BadItemPolicy policy : BadItemPolicy.values()) {
                ConcurrentDataset dataset = dataset(source, policy, false);
                assertThrows(BadItemException.class, dataset::prepare);
            }
        }
    }

    private ItemSource<?> open(String format) throws Exception {
        if ("parquet".equals(format)) {
            return ParquetSource.builder()
                    .setLocation(dir + "/*.parquet")
                    .buildSamples(List.of("image", "label"), DamagedFilesAnywhereIT::record);
        }
        return TarShardSource.builder()
                .setLocation(dir.toString())
                .buildSamples(DamagedFilesAnywhereIT::record);
    }

    /** A record of the sample's image bytes and key, and its label. */
    private static Record record(NDManager manager, Sample sample) throws Exception {
        byte[] key = sample.key().getBytes(StandardCharsets.UTF_8);
        return new Record(
                new NDList(manager.create(sample.bytes("image")), manager.create(key)),
                new NDList(Parts.integer(manager, sample, "label")));
    }

    private static ConcurrentDataset dataset(
            ItemSource<?> source, BadItemPolicy policy, boolean randomAccess) {
        var builder =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(1, true)
                        .optSeed(7)
                        .optBadItemPolicy(policy);
        return (randomAccess ? builder.optRandomAccess() : builder).build();
    }

    private static List<String> epoch(ConcurrentDataset dataset) throws Exception {
        List<String> items = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    NDList data = batch.getData();
                    items.add(
                            item(
                                    new String(
                                            data.get(1).get(0).toByteArray(),
                                            StandardCharsets.UTF_8),
                                    batch.getLabels().head().get(0).toLongArray()[0],
                                    data.get(0).get(0).toByteArray()));
                }
            }
        }
        return sorted(items);
    }

    private static List<String> fetchedByIndex(ItemSource<?> source) throws Exception {
        List<String> items = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < source.size(); i++) {
                Sample sample = (Sample) source.fetch(manager, i);
                items.add(
                        item(
                                sample.key(),
                                Long.parseLong(
                                        new String(sample.bytes("label"), StandardCharsets.UTF_8)),
                                sample.bytes("image")));
            }
        }
        return sorted(items);
    }

    private static String item(String key, long label, byte[] bytes) {
        return key + "/" + label + "/" + HexFormat.of().formatHex(bytes);
    }

    private static List<String> sorted(List<String> items) {
        return items.stream().sorted().toList();
    }
}
