package dev.asyncdataset.internal.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.testing.Python3;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TarIndexTest {

    @Test
    void membersPointAtTheirDataBytes() throws Exception {
        byte[] big = new byte[1300];
        big[1299] = 42;
        byte[] shard = new TarBytes().file("a/x.jpg", big).file("a/x.cls", "3").finish();
        List<TarMember> members = TarBytes.index(shard);
        assertEquals(2, members.size());
        assertEquals(new TarMember("a/x.jpg", 512, 1300, null), members.get(0));
        assertEquals(new TarMember("a/x.cls", 512 + 1536 + 512, 1, null), members.get(1));
        assertEquals('3', shard[(int) members.get(1).offset()]);
    }

    @Test
    void gnuLongNamesAreRead() throws Exception {
        String name = "d/".repeat(80) + "sample.jpg";
        byte[] shard = new TarBytes().gnuLongName(name).file(name.substring(0, 100), "x").finish();
        assertEquals(name, TarBytes.index(shard).get(0).name());
    }

    @Test
    void pythonTarfileShardsReadInEveryFormat(@TempDir Path dir) throws Exception {
        String script =
                """
                import sys, tarfile, io
                long = "dir/" * 40 + "k\u00e9y.jpg"
                for fmt, path in ((tarfile.USTAR_FORMAT, "u.tar"), (tarfile.GNU_FORMAT, "g.tar"),
                                  (tarfile.PAX_FORMAT, "p.tar")):
                    with tarfile.open(sys.argv[1] + "/" + path, "w", format=fmt) as t:
                        name = long if fmt != tarfile.USTAR_FORMAT else "a/" * 60 + "key.jpg"
                        for n, data in ((name, b"image"), ("b/key.cls", b"7\\n")):
                            info = tarfile.TarInfo(n); info.size = len(data)
                            t.addfile(info, io.BytesIO(data))
                """;
        Process python = Python3.start("-c", script, dir.toString());
        assertTrue(python.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, python.exitValue(), new String(python.getInputStream().readAllBytes()));
        String long_ = "dir/".repeat(40) + "k\u00e9y.jpg";
        for (String file : List.of("u.tar", "g.tar", "p.tar")) {
            byte[] shard = Files.readAllBytes(dir.resolve(file));
            List<TarMember> members = TarBytes.index(shard);
            String expected = file.equals("u.tar") ? "a/".repeat(60) + "key.jpg" : long_;
            assertEquals(expected, members.get(0).name(), file);
            int at = (int) members.get(0).offset();
            assertEquals("image", new String(shard, at, 5, StandardCharsets.US_ASCII), file);
            assertEquals("b/key.cls", members.get(1).name(), file);
        }
    }

    @Test
    void gnuTarUstarShardsGroupIntoSamples(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("n01"));
        Files.writeString(dir.resolve("n01/img_1.jpg"), "image");
        Files.writeString(dir.resolve("n01/img_1.cls"), "3\n");
        Path tar = dir.resolve("s.tar");
        Process process =
                new ProcessBuilder(
                                "tar",
                                "--format=ustar",
                                "-C",
                                dir.toString(),
                                "-cf",
                                tar.toString(),
                                "n01/img_1.jpg",
                                "n01/img_1.cls")
                        .redirectErrorStream(true)
                        .start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), new String(process.getInputStream().readAllBytes()));
        byte[] shard = Files.readAllBytes(tar);
        List<ShardSample> samples =
                ShardSamples.group("s.tar", TarBytes.index(shard), TarBytes.ranges(shard));
        assertEquals(1, samples.size());
        assertEquals("n01/img_1", samples.get(0).check().key());
        assertEquals(3, samples.get(0).label());
        assertEquals(5, samples.get(0).image().size());
    }

    @Test
    void truncatedShardFailsNamingTheShardAndLastMember() throws Exception {
        byte[] whole = new TarBytes().file("a.jpg", new byte[2000]).file("a.cls", "1").finish();
        byte[] midMember = java.util.Arrays.copyOf(whole, 1000);
        assertBad(midMember, "shard.tar member a.jpg", "past the end of the shard");
        byte[] noEnd = new TarBytes().file("a.jpg", new byte[2000]).withoutEnd();
        assertBad(noEnd, "shard.tar member a.jpg", "truncated shard");
    }

    @Test
    void badHeaderChecksumFails() throws Exception {
        byte[] shard = new TarBytes().file("a.jpg", "x").file("a.cls", "1").finish();
        shard[1024 + 10] ^= 1;
        assertBad(shard, "shard.tar member a.jpg", "bad header checksum at byte 1024");
    }

    @Test
    void sizesPastTheEndFailBeforeAnyAllocation() throws Exception {
        byte[] small =
                new TarBytes().entry(TarHeader.ustar("a.jpg", 5000, '0'), new byte[10]).finish();
        assertBad(small, "shard.tar member a.jpg", "claims 5000 bytes");
        byte[] terabytes = TarHeader.ustar("t.jpg", 0, '0');
        java.util.Arrays.fill(terabytes, 124, 136, (byte) 0);
        terabytes[124] = (byte) 0x80;
        terabytes[128] = 1; // base-256: 2^56 bytes
        fixChecksum(terabytes);
        assertBad(
                new TarBytes().entry(terabytes, new byte[0]).finish(),
                "t.jpg",
                "claims 72057594037927936 bytes");
        byte[] octal = TarHeader.ustar("o.jpg", 07777777777L * 8 + 7, '0');
        assertBad(new TarBytes().entry(octal, new byte[0]).finish(), "o.jpg", "past the end");
    }

    @Test
    void hugeLongNameRecordFails() throws Exception {
        byte[] name = new byte[TarIndex.MAX_NAME_RECORD + 1];
        java.util.Arrays.fill(name, (byte) 'a');
        byte[] shard = new TarBytes().member("././@LongLink", 'L', name).finish();
        assertBad(shard, "shard.tar", "long-name record of 65537 bytes");
    }

    @Test
    void objectThatIsNotATarFails() throws Exception {
        byte[] jpeg = dev.asyncdataset.testing.TestImages.jpeg(64, 64, 1);
        assertBad(jpeg, "shard.tar", "not a tar archive");
        assertBad(new byte[100], "shard.tar", "truncated shard");
    }

    @Test
    void unusableMembersAreListedWithTheirProblem() throws Exception {
        byte[] shard =
                new TarBytes()
                        .file("../up.jpg", "x")
                        .file("/abs.jpg", "x")
                        .member("l.jpg", '2', new byte[0])
                        .member("h.jpg", '1', new byte[0])
                        .member("dev.jpg", '3', new byte[0])
                        .member("fifo.jpg", '6', new byte[0])
                        .file("empty.jpg", new byte[0])
                        .member("dir", '5', new byte[0])
                        .file("ok.jpg", "x")
                        .finish();
        List<TarMember> members = TarBytes.index(shard);
        assertEquals(8, members.size());
        assertTrue(members.get(0).problem().contains("'..'"));
        assertTrue(members.get(1).problem().contains("absolute"));
        assertTrue(members.get(2).problem().contains("link"));
        assertTrue(members.get(3).problem().contains("link"));
        assertTrue(members.get(4).problem().contains("device"));
        assertTrue(members.get(5).problem().contains("fifo"));
        assertTrue(members.get(6).problem().contains("zero-length"));
        assertNull(members.get(7).problem());
    }

    static void fixChecksum(byte[] header) {
        java.util.Arrays.fill(header, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        byte[] digits = String.format("%06o\0 ", sum).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(digits, 0, header, 148, 8);
    }

    private static void assertBad(byte[] shard, String key, String message) {
        BadItemException e = assertThrows(BadItemException.class, () -> TarBytes.index(shard));
        assertTrue(e.getKey().contains(key), e.getKey());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
