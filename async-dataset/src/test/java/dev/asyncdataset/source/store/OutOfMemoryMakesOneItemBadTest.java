package dev.asyncdataset.source.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.testing.EpochItems;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestSamples;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An object of almost 2 GiB, allowed by the largest object read, in a folder read under the build's
 * 2 GiB test heap: allocating its array throws a real {@link OutOfMemoryError}, which makes that
 * item bad, named by its location, so {@link BadItemPolicy#SKIP} delivers every other item.
 */
class OutOfMemoryMakesOneItemBadTest {

    /** The largest object a store may be set to read, about the largest array a JVM allocates. */
    private static final long HUGE = Integer.MAX_VALUE - 8;

    private static final StoreOptions HUGE_ALLOWED =
            StoreOptions.builder().optMaxObjectBytes(HUGE).build();

    @TempDir Path root;

    @BeforeEach
    void heapCannotHoldTheHugeObject() {
        assumeTrue(
                Runtime.getRuntime().maxMemory() <= HUGE + (1L << 20),
                "needs a heap of at most 2 GiB, as the build's test argLine sets");
    }

    @Test
    void imageTooLargeForTheHeapIsABadItemNamingItAndSkipDeliversTheOthers() throws Exception {
        TestImages.write(root, TestImages.classFolders(2, 3, 16, 16));
        Path huge = sparse(root.resolve("class1/huge.jpg"));
        try (LabeledImageSource source =
                FolderSource.builder()
                        .setLocation(root.toString())
                        .optStore(HUGE_ALLOWED)
                        .build()) {
            source.prepare(null);
            long bad = indexOf(source, huge);
            assertOutOfMemoryNaming(source, bad, huge.toString());
            List<Long> expected = new ArrayList<>();
            LongStream.range(0, source.size())
                    .filter(i -> i != bad)
                    .forEach(i -> expected.add(source.label(i)));
            assertEquals(
                    expected.stream().sorted().toList(), EpochItems.sortedLabels(skipping(source)));
        }
    }

    @Test
    void samplePartTooLargeForTheHeapMakesItsSampleBadAndSkipDeliversTheOthers() throws Exception {
        TestImages.write(root, TestSamples.files(6));
        sparse(root.resolve("part1/003.jpg"));
        try (ItemSource<Sample> source =
                FolderSource.builder()
                        .setLocation(root.toString())
                        .optStore(HUGE_ALLOWED)
                        .buildSamples(TestSamples.DECODER)) {
            source.prepare(null);
            long bad = indexOf(source, root.resolve("part1/003"));
            assertOutOfMemoryNaming(source, bad, root.resolve("part1/003").toString());
            try (NDManager manager = NDManager.newBaseManager()) {
                List<Float> weights = TestSamples.weights(skipping(source), manager);
                assertEquals(
                        List.of(0f, 1f, 2f, 4f, 5f), weights.stream().sorted().toList(), "weights");
            }
        }
    }

    /** A file of {@link #HUGE} bytes that takes no disk: a hole, read as zeros. */
    private static Path sparse(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(HUGE);
        }
        return file;
    }

    private static long indexOf(ItemSource<?> source, Path item) throws IOException {
        return LongStream.range(0, source.size())
                .filter(i -> source.describe(i).equals(item.toString()))
                .findFirst()
                .orElseThrow();
    }

    private static void assertOutOfMemoryNaming(ItemSource<?> source, long index, String name) {
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException e =
                    assertThrows(BadItemException.class, () -> source.fetch(manager, index));
            assertEquals(name, e.getKey());
            assertEquals(name + ": out of memory reading it", e.getMessage());
            assertInstanceOf(OutOfMemoryError.class, e.getCause());
        }
    }

    private static ConcurrentDataset skipping(ItemSource<?> source) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(2, true, false)
                .optBadItemPolicy(BadItemPolicy.SKIP)
                .build();
    }
}
