package dev.asyncdataset.writer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.io.ByteRanges;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.ShardSamples;
import dev.asyncdataset.internal.tar.TarIndex;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.Python3;
import dev.asyncdataset.testing.TestImages;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class ShardWriterTest {

    @TempDir Path images;
    @TempDir Path shards;

    @Test
    void folderToShardsGivesBackTheSameSamplesAndLabels() throws Exception {
        TestImages.write(images, TestImages.classFolders(3, 5, 64, 48));
        LabeledImageSource folder = FolderSource.builder().setLocation(images.toString()).build();
        List<Path> written = write(writer(8192));
        assertTrue(written.size() > 2, "shards: " + written.size());
        List<ShardSample> samples = new ArrayList<>();
        for (Path shard : written) {
            assertTrue(Files.size(shard) <= 8192 || samplesOf(shard).size() == 1, shard.toString());
            samples.addAll(samplesOf(shard));
        }
        assertEquals(folder.size(), samples.size());
        List<Long> order = new ArrayList<>();
        for (ShardSample s : samples) {
            ShardSample sample = s.check();
            long i = Long.parseLong(sample.key().substring(sample.key().indexOf('/') + 1));
            order.add(i);
            Path shard = shards.resolve(sample.shard());
            try (FileChannel channel = ByteRanges.open(shard)) {
                byte[] image =
                        ByteRanges.readFile(
                                channel, sample.image().offset(), (int) sample.image().size());
                assertArrayEquals(
                        TestImages.bytes(folder.fetch(null, i)), image, sample.describe());
            }
            assertEquals(folder.label(i), sample.label(), sample.describe());
        }
        assertEquals(
                folder.getClasses(), Files.readAllLines(shards.resolve(ShardWriter.CLASSES_FILE)));
        assertEquals(
                LongStream.range(0, folder.size()).boxed().toList(),
                order.stream().sorted().toList());
        assertNotEquals(order.stream().sorted().toList(), order, "written in the folder's order");
    }

    @Test
    void sidecarIndexMatchesTheHeaders() throws Exception {
        TestImages.write(images, TestImages.classFolders(2, 3, 32, 32));
        Path shard = write(writer(ShardWriter.DEFAULT_SHARD_BYTES)).get(0);
        byte[] index = Files.readAllBytes(Path.of(shard + ShardIndexFile.SUFFIX));
        List<ShardSample> indexed =
                ShardIndexFile.parse(
                        shard.getFileName().toString(), Files.size(shard), index, true);
        assertEquals(samplesOf(shard), indexed.stream().map(ShardWriterTest::withoutCrc).toList());
    }

    @Test
    void pythonsTarfileReadsTheShards() throws Exception {
        TestImages.write(images, TestImages.classFolders(2, 3, 32, 32));
        Path shard = write(writer(ShardWriter.DEFAULT_SHARD_BYTES)).get(0);
        Process python =
                Python3.start(
                        "-c",
                        "import tarfile,sys; print(len(tarfile.open(sys.argv[1]).getnames()))",
                        shard.toString());
        assertTrue(python.waitFor(60, TimeUnit.SECONDS));
        assertEquals("12", new String(python.getInputStream().readAllBytes()).strip());
    }

    @Test
    void rerunRewritesTheSameShardsAndDropsStaleOnes() throws Exception {
        TestImages.write(images, TestImages.classFolders(2, 4, 48, 48));
        List<Path> many = write(writer(4096));
        List<Path> few = write(writer(1 << 20));
        assertEquals(1, few.size());
        byte[] first = Files.readAllBytes(few.get(0));
        assertEquals(List.of(few.get(0)), write(writer(1 << 20)));
        assertArrayEquals(first, Files.readAllBytes(few.get(0)));
        assertTrue(many.size() > 1);
        try (Stream<Path> files = Files.list(shards)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(
                    List.of(ShardWriter.CLASSES_FILE, "shard-000000.tar", "shard-000000.tar.idx"),
                    names);
        }
    }

    @Test
    void aRerunDropsTheTemporaryFilesAKilledRunLeftAndKeepsOthers() throws Exception {
        TestImages.write(images, TestImages.classFolders(2, 4, 48, 48));
        List<String> leftovers =
                List.of(".shard-000007.tar.tmp", ".shard-000000.tar.idx.tmp", ".classes.txt.tmp");
        for (String name : leftovers) {
            Files.write(shards.resolve(name), new byte[] {1, 2, 3});
        }
        Files.write(shards.resolve(".notes.tmp"), new byte[] {4});

        write(writer(1 << 20));

        try (Stream<Path> files = Files.list(shards)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(
                    List.of(
                            ".notes.tmp",
                            ShardWriter.CLASSES_FILE,
                            "shard-000000.tar",
                            "shard-000000.tar.idx"),
                    names);
        }
    }

    @Test
    void anUnreadableImageFailsTheWriteNamingItAndLeavesOnlyWholeShards(@TempDir Path outside)
            throws Exception {
        TestImages.write(images, TestImages.classFolders(2, 6, 48, 48));
        Path escape = Files.write(outside.resolve("escape.jpg"), TestImages.jpeg(8, 8, 1));
        Path link = Files.createSymbolicLink(images.resolve("class0/zz-link.jpg"), escape);
        ShardWriter writer = writer(4096);
        var e = assertThrows(BadItemException.class, writer::write);
        assertTrue(e.getMessage().contains(link.getFileName().toString()), e.getMessage());
        try (Stream<Path> files = Files.list(shards)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), names.toString());
            for (String name : names) {
                if (name.endsWith(".tar")) {
                    Path shard = shards.resolve(name);
                    assertTrue(names.contains(name + ShardIndexFile.SUFFIX), name);
                    assertEquals(
                            samplesOf(shard),
                            ShardIndexFile.parse(
                                            name,
                                            Files.size(shard),
                                            Files.readAllBytes(
                                                    Path.of(shard + ShardIndexFile.SUFFIX)),
                                            true)
                                    .stream()
                                    .map(ShardWriterTest::withoutCrc)
                                    .toList());
                }
            }
        }
    }

    @Test
    void builderRejectsBadSettingsNamingThem() {
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ShardWriter.builder().optShardBytes(0));
        assertTrue(e.getMessage().contains("0"));
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ShardWriter.builder().optPrefix("a/b"));
        assertTrue(e.getMessage().contains("a/b"));
        assertFalse(Files.exists(images.resolve("missing")));
        assertThrows(
                IllegalArgumentException.class,
                () -> ShardWriter.builder().setLocation(images.resolve("missing").toString()));
        assertThrows(IllegalStateException.class, () -> ShardWriter.builder().build());
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ShardWriter.builder().optPartBytes(1 << 20));
        assertTrue(e.getMessage().contains(Integer.toString(1 << 20)), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ShardWriter.builder().setOutput("nostore://b/p"));
        assertTrue(e.getMessage().contains("nostore://b/p"), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class, () -> ShardWriter.builder().optFetchers(0));
        assertTrue(e.getMessage().contains("0"), e.getMessage());
    }

    @Test
    void aStoreThatCannotWriteIsRefusedAsTheOutputNamingItsSchemeAndTheLocation() {
        String output = "http://127.0.0.1:9/shards/";
        ShardWriter writer = ShardWriter.builder().setOutput(output).build();
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> writer.write(List.<Sample>of().iterator()));
        assertTrue(e.getMessage().contains("the http store cannot write"), e.getMessage());
        assertTrue(e.getMessage().contains(output), e.getMessage());
    }

    private static List<Path> write(ShardWriter writer) throws Exception {
        return writer.write().stream().map(Path::of).toList();
    }

    private ShardWriter writer(long shardBytes) {
        return ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(shardBytes)
                .build();
    }

    /** The sample as the tar headers describe it: no CRC. */
    private static ShardSample withoutCrc(ShardSample s) {
        Map<String, TarMember> parts = new HashMap<>();
        s.parts()
                .forEach(
                        (part, m) ->
                                parts.put(
                                        part,
                                        new TarMember(
                                                m.name(), m.offset(), m.size(), m.problem())));
        return new ShardSample(s.shard(), s.key(), parts, s.classLabel(), s.problem());
    }

    private static List<ShardSample> samplesOf(Path shard) throws Exception {
        try (FileChannel channel = ByteRanges.open(shard)) {
            ByteRanges in = (offset, length) -> ByteRanges.readFile(channel, offset, length);
            String name = shard.getFileName().toString();
            return ShardSamples.group(name, TarIndex.read(name, channel.size(), in), in);
        }
    }

    @Test
    void settingsOutOfRangeAreRejectedNamingTheValue() {
        ShardWriterBuilder builder = ShardWriter.builder().setOutput("shards");
        assertRejected(() -> builder.optMaxSide(15), ": 15");
        assertRejected(() -> builder.optMaxSide(65_501), ": 65501");
        assertRejected(() -> builder.optJpegQuality(0), ": 0");
        assertRejected(() -> builder.optJpegQuality(101), ": 101");
        String message =
                assertThrows(IllegalStateException.class, () -> builder.optJpegQuality(80).build())
                        .getMessage();
        assertTrue(message.contains("optJpegQuality(80) needs optMaxSide"), message);
        assertEquals(new ImageResize(16, 80), builder.optMaxSide(16).resize());
    }

    private static void assertRejected(Executable setting, String ending) {
        String message = assertThrows(IllegalArgumentException.class, setting).getMessage();
        assertTrue(message.endsWith(ending), message);
    }
}
