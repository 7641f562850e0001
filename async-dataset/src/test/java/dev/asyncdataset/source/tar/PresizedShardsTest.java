package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import dev.asyncdataset.writer.ShardWriterBuilder;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ShardWriterBuilder#optMaxSide}: images stored smaller, FFCV style, on real JPEGs. */
class PresizedShardsTest {

    @TempDir Path images;
    @TempDir Path shards;

    @Test
    void largerImagesAreStoredWithTheirLongestSideAtTheMaximum() throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("wide/a.jpg", TestImages.jpeg(469, 387, 1));
        files.put("tall/b.jpg", TestImages.jpeg(300, 641, 2));
        TestImages.write(images, files);
        write(ShardWriter.builder().optMaxSide(256));
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(2, source.size());
            for (long i = 0; i < source.size(); i++) {
                int[] size = TestImages.size(source.fetch(null, i));
                int[] expected =
                        source.getClasses().get((int) source.label(i)).equals("wide")
                                ? new int[] {211, 256}
                                : new int[] {256, 120};
                assertArrayEquals(expected, size, source.describe(i));
            }
        }
    }

    @Test
    void imagesAlreadySmallEnoughAreStoredByteForByte() throws Exception {
        TestImages.write(images, TestImages.classFolders(2, 3, 256, 180));
        write(ShardWriter.builder().optMaxSide(256).optJpegQuality(50));
        LabeledImageSource folder = FolderSource.builder().setLocation(images.toString()).build();
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            for (long i = 0; i < source.size(); i++) {
                String key = source.describe(i);
                long original = Long.parseLong(key.substring(key.lastIndexOf('/') + 1));
                assertArrayEquals(
                        TestImages.bytes(folder.fetch(null, original)),
                        TestImages.bytes(source.fetch(null, i)),
                        key);
            }
        }
    }

    @Test
    void indexRecordsTheSettingsAndTheReaderReadsThemBack() throws Exception {
        TestImages.write(images, TestImages.classFolders(1, 2, 400, 300));
        Path shard = Path.of(write(ShardWriter.builder().optMaxSide(320).optJpegQuality(85)));
        String index =
                Files.readString(Path.of(shard + ShardIndexFile.SUFFIX), StandardCharsets.UTF_8);
        assertTrue(
                index.startsWith(
                        "async-dataset-shard-index-v4\t"
                                + Files.size(shard)
                                + "\tmax-side=320\tjpeg-quality=85\n"),
                index);
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(Optional.of(new ImageResize(320, 85)), source.resized(0));
            assertArrayEquals(new int[] {240, 320}, size(source, 0));
        }
        write(ShardWriter.builder());
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(Optional.empty(), source.resized(0), "written as they came: version 3");
            assertArrayEquals(new int[] {300, 400}, size(source, 0));
        }
    }

    @Test
    void onlyJpegPartsOfSamplesAreReEncoded() throws Exception {
        byte[] jpeg = TestImages.jpeg(500, 400, 3);
        byte[] png =
                TestImages.png(
                        TestImages.halves(
                                BufferedImage.TYPE_INT_RGB, 500, 400, Color.RED, Color.BLUE));
        Sample sample =
                new Sample(
                        "s/000001",
                        Map.of(
                                "jpg",
                                jpeg,
                                "seg.png",
                                png,
                                "cls",
                                "4".getBytes(StandardCharsets.UTF_8)));
        ShardWriter writer =
                ShardWriter.builder().setOutput(shards.toString()).optMaxSide(100).build();
        writer.write(List.of(sample).iterator());
        try (TarSamples source =
                (TarSamples)
                        TarShardSource.builder()
                                .setLocation(shards.toString())
                                .buildSamples((m, s) -> null)) {
            Sample stored = source.fetch(null, 0);
            assertArrayEquals(png, stored.bytes("seg.png"));
            assertArrayEquals(new int[] {80, 100}, TestImages.size(stored.bytes("jpg")));
        }
    }

    @Test
    void anUndecodableImageFailsTheWriteNamingItsMember() throws Exception {
        byte[] broken = TestImages.jpeg(400, 300, 4);
        broken[broken.length / 2] ^= 0x7f;
        for (int i = 200; i < broken.length - 2; i++) {
            broken[i] = (byte) 0xFF;
        }
        TestImages.write(images, Map.of("c/bad.jpg", broken));
        BadItemException e =
                assertThrows(
                        BadItemException.class, () -> write(ShardWriter.builder().optMaxSide(64)));
        assertTrue(e.getMessage().contains("c/000000000.jpg"), e.getMessage());
    }

    private static int[] size(LabeledImageSource source, long index) throws Exception {
        return TestImages.size(source.fetch(null, index));
    }

    /** Writes the images as one shard with {@code builder}'s settings; returns its path. */
    private String write(ShardWriterBuilder builder) throws Exception {
        List<String> written =
                builder.setLocation(images.toString()).setOutput(shards.toString()).build().write();
        assertEquals(1, written.size());
        return written.get(0);
    }
}
