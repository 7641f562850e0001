package dev.asyncdataset.internal.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardSamplesTest {

    @Test
    void membersGroupIntoSamplesByKeyUpToTheFirstDotOfTheFileName() throws Exception {
        List<ShardSample> samples =
                group(
                        new TarBytes()
                                .file("n01.v2/img_1.jpg", "a")
                                .file("n01.v2/img_1.cls", " 4\n")
                                .file("n01.v2/img_1.json", "{}")
                                .file("n01.v2/img_2.PNG", "b")
                                .file("n01.v2/img_2.txt", "-1")
                                .finish());
        assertEquals(2, samples.size());
        ShardSample first = samples.get(0).check();
        assertEquals("n01.v2/img_1", first.key());
        assertEquals("n01.v2/img_1.jpg", first.image().name());
        assertEquals(4, first.label());
        assertEquals(Set.of("cls", "jpg", "json"), first.parts().keySet());
        assertEquals("n01.v2/img_1.json", first.parts().get("json").name());
        assertEquals(Set.of("png", "txt"), samples.get(1).parts().keySet());
        assertEquals(-1, samples.get(1).label());
    }

    @Test
    void samplesWithoutImageOrLabelAreBadAlone() throws Exception {
        List<ShardSample> samples =
                group(
                        new TarBytes()
                                .file("a.jpg", "a")
                                .file("b.cls", "1")
                                .file("c.jpeg", "c")
                                .file("c.cls", "x1")
                                .file("d.png", "d")
                                .file("d.txt", "2")
                                .finish());
        assertBad(samples.get(0), "shard.tar sample a", "no label (cls, txt) member");
        assertBad(
                samples.get(1),
                "shard.tar sample b",
                "no image (jpg, jpeg, png, bmp, gif, wbmp) member");
        assertBad(samples.get(2), "shard.tar sample c", "label member c.cls is not an integer");
        assertEquals(2, samples.get(3).check().label());
    }

    @Test
    void duplicateKeysAreBad() throws Exception {
        List<ShardSample> samples =
                group(
                        new TarBytes()
                                .file("a.jpg", "a")
                                .file("a.cls", "1")
                                .file("b.jpg", "b")
                                .file("b.png", "b")
                                .file("b.cls", "1")
                                .file("a.json", "{}")
                                .finish());
        assertBad(samples.get(0), "shard.tar sample a", "duplicate key");
        assertBad(samples.get(1), "shard.tar sample b", "duplicate key: two 'image' members");
    }

    @Test
    void anUnusableMemberSpoilsOnlyItsSample() throws Exception {
        List<ShardSample> samples =
                group(
                        new TarBytes()
                                .file("a.jpg", "a")
                                .member("a.cls", '2', new byte[0])
                                .file("b.jpg", new byte[0])
                                .file("b.cls", "1")
                                .file("c.jpg", "c")
                                .file("c.cls", "1")
                                .finish());
        assertBad(samples.get(0), "shard.tar sample a", "member a.cls is a link");
        assertBad(samples.get(1), "shard.tar sample b", "member b.jpg is empty");
        assertEquals("c.jpg", samples.get(2).check().image().name());
    }

    @Test
    void theImageOnlyViewKeepsTheImageAndLabelOrABadSampleWhole() throws Exception {
        List<ShardSample> samples =
                group(
                        new TarBytes()
                                .file("a.JPG", "a")
                                .file("a.cls", "3")
                                .file("a.json", "{}")
                                .file("b.npy", "n")
                                .file("b.cls", "1")
                                .finish());
        ShardSample image = samples.get(0).imageOnly();
        assertEquals(Set.of("jpg"), image.parts().keySet());
        assertEquals("a.JPG", image.image().name());
        assertEquals(3, image.label());
        assertSame(samples.get(1), samples.get(1).imageOnly());
        assertBad(samples.get(1).imageOnly(), "shard.tar sample b", "no image");
    }

    private static List<ShardSample> group(byte[] shard) throws Exception {
        return ShardSamples.group("shard.tar", TarBytes.index(shard), TarBytes.ranges(shard));
    }

    @Test
    void aSampleOfAnyPartsIsUsableWhileItsClassificationViewIsBad() throws Exception {
        List<ShardSample> samples =
                group(
                        new TarBytes()
                                .file("a.seg.png", "s")
                                .file("a.npy", "n")
                                .file("a.txt", "a caption, not a label")
                                .finish());
        ShardSample sample = samples.get(0).check();
        assertEquals(Set.of("npy", "seg.png", "txt"), sample.parts().keySet());
        assertNull(sample.classLabel());
        assertBad(sample, "shard.tar sample a", "no image");
    }

    private static void assertBad(ShardSample sample, String key, String message) {
        BadItemException e = assertThrows(BadItemException.class, sample::image);
        assertEquals(key, e.getKey());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
