package dev.asyncdataset.internal.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.s3.S3Errors;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sidecar index format: version 3 with every member and its CRC32C, version 4 adding the resize
 * settings, versions 2 and 1 (images only) still read.
 */
class ShardIndexFileTest {

    private static final byte[] CAT = "cat image bytes".getBytes(StandardCharsets.UTF_8);
    private static final byte[] DOG = "a dog's image, longer".getBytes(StandardCharsets.UTF_8);

    @Test
    void anIndexRoundTripsEveryMemberWithItsCrcAsWritten() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TarWriter tar = new TarWriter(out);
        List<ShardSample> samples =
                List.of(
                        sample("c/1", 0L, tar.add("c/1.jpg", CAT), tar.add("c/1.cls", bytes("0"))),
                        sample("d/2", null, tar.add("d/2.seg.png", DOG), tar.add("d/2.json", CAT)));
        tar.finish();
        byte[] shard = out.toByteArray();
        String text = ShardIndexFile.format(shard.length, samples);
        assertTrue(text.startsWith("async-dataset-shard-index-v3\t" + shard.length + "\n"), text);

        List<ShardSample> parsed = ShardIndexFile.parse("s.tar", shard.length, bytes(text), true);
        assertEquals(samples, parsed);
        for (ShardSample s : parsed) {
            for (TarMember m : s.parts().values()) {
                byte[] data =
                        Arrays.copyOfRange(shard, (int) m.offset(), (int) (m.offset() + m.size()));
                assertEquals(MemberChecks.crc32c(data), m.crc32c(), m.name());
            }
        }
        assertNull(ShardIndexFile.parse("s.tar", shard.length + 1, bytes(text), true), "stale");
    }

    @Test
    void aVersionFourIndexCarriesTheResizeSettingsBesideTheSamePerSampleLines() throws Exception {
        String line = "c/1\t0\tc/1.jpg\t512\t15\t0000002a\n";
        String v4 = "async-dataset-shard-index-v4\t4096\tmax-side=256\tjpeg-quality=90\n" + line;
        ImageResize resize = new ImageResize(256, 90);
        assertEquals(resize, ShardIndexFile.resized("s.tar", bytes(v4)));
        assertEquals(
                ShardIndexFile.parse("s.tar", 4096, bytes(v4), true),
                ShardIndexFile.parse(
                        "s.tar", 4096, bytes("async-dataset-shard-index-v3\t4096\n" + line), true));
        List<ShardSample> samples = ShardIndexFile.parse("s.tar", 4096, bytes(v4), true);
        assertEquals(v4, ShardIndexFile.format(4096, samples, resize));
        assertNull(ShardIndexFile.resized("s.tar", bytes("async-dataset-shard-index-v3\t4096\n")));
        for (String header :
                List.of(
                        "async-dataset-shard-index-v4\t4096\tmax-side=8\tjpeg-quality=90\n",
                        "async-dataset-shard-index-v4\t4096\tjpeg-quality=90\tmax-side=256\n")) {
            BadItemException e =
                    assertThrows(
                            BadItemException.class,
                            () -> ShardIndexFile.resized("s.tar", bytes(header)));
            assertTrue(e.getMessage().contains("s.tar.idx"), e.getMessage());
        }
    }

    @Test
    void aVersionTwoIndexServesImagesButNotReadersOfEveryMember() throws Exception {
        String v2 = "async-dataset-shard-index-v2\t4096\nc/1\tc/1.jpg\t512\t15\t3\t0000002a\n";
        List<ShardSample> parsed = ShardIndexFile.parse("s.tar", 4096, bytes(v2), false);
        assertEquals(new TarMember("c/1.jpg", 512, 15, null, 42), parsed.get(0).image());
        assertEquals(3, parsed.get(0).label());
        assertNull(ShardIndexFile.parse("s.tar", 4096, bytes(v2), true), "lists images only");
    }

    @Test
    void aVersionOneIndexWithoutCrcsIsStillReadAndItsImagesPassUnchecked() throws Exception {
        String v1 = "async-dataset-shard-index-v1\t4096\nc/1\tc/1.jpg\t512\t15\t0\n";
        List<ShardSample> parsed = ShardIndexFile.parse("s.tar", 4096, bytes(v1), false);
        TarMember image = new TarMember("c/1.jpg", 512, 15, null);
        assertEquals(List.of(sample("c/1", 0L, image)), parsed);
        new MemberChecks().verify(image, new byte[15], 0);
    }

    @Test
    void aMalformedCrcOrAFieldTooFewOrTooManyIsRefusedNamingTheLine() {
        String header = "async-dataset-shard-index-v2\t4096\n";
        for (String line :
                List.of(
                        "c/1\tc/1.jpg\t512\t15\t0\tzz00ff00",
                        "c/1\tc/1.jpg\t512\t15\t0\t00ff00",
                        "c/1\tc/1.jpg\t512\t15\t0",
                        "c/1\tc/1.jpg\t512\t15\t0\t00ff00ff\t7")) {
            BadItemException e =
                    assertThrows(
                            BadItemException.class,
                            () -> ShardIndexFile.parse("s.tar", 4096, bytes(header + line), false),
                            line);
            assertEquals("s.tar.idx line 2", e.getKey(), line);
        }
        BadItemException e =
                assertThrows(
                        BadItemException.class,
                        () ->
                                ShardIndexFile.parse(
                                        "s.tar", 4096, bytes("index-v3\t4096\n"), false));
        assertTrue(e.getMessage().contains("not a shard index"), e.getMessage());
    }

    @Test
    void aMalformedVersionThreeLineIsRefusedNamingTheLine() {
        String header = "async-dataset-shard-index-v3\t4096\n";
        for (String line :
                List.of(
                        "c/1\t-\tc/1.jpg\t512\t15",
                        "c/1\t-\tc/1.jpg\t512\t4000\t00ff00ff",
                        "c/1\t-\tc/1.jpg\t512\t15\t00ff00ff\tc/1.JPG\t1024\t15\t00ff00ff",
                        "\t-\t.jpg\t512\t15\t00ff00ff",
                        "c/1\tx\tc/1.jpg\t512\t15\t00ff00ff")) {
            BadItemException e =
                    assertThrows(
                            BadItemException.class,
                            () -> ShardIndexFile.parse("s.tar", 4096, bytes(header + line), true),
                            line);
            assertEquals("s.tar.idx line 2", e.getKey(), line);
        }
    }

    @Test
    void aMemberWhoseBytesDifferFromItsCrcFailsNamingItAndIsCounted() {
        MemberChecks checks = new MemberChecks();
        TarMember member = new TarMember("c/1.jpg", 0, CAT.length, null, MemberChecks.crc32c(CAT));
        byte[] flipped = CAT.clone();
        flipped[3] ^= 1;
        var e = assertThrows(IntegrityException.class, () -> checks.verify(member, flipped, 0));
        assertTrue(e.getMessage().startsWith("member c/1.jpg: CRC32C "), e.getMessage());
        assertTrue(S3Errors.isTransient(e), "a flipped bit on the wire may pass");
        assertEquals(1, checks.failures());
    }

    private static ShardSample sample(String key, Long label, TarMember... members) {
        Map<String, TarMember> parts = new HashMap<>();
        for (TarMember m : members) {
            parts.put(m.name().substring(key.length() + 1), m);
        }
        return new ShardSample("s.tar", key, parts, label, null);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
