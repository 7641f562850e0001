package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.it.ParquetFixtures;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The images random-access epochs copy out of their pages and keep for later fetches are copied
 * into arrays of the source's pool, which come back once the image is released, dropped from what
 * the epochs keep, or its epoch is closed: shuffled epochs over a set several times the cache
 * allocate almost no array after the first, and each epoch, finished or abandoned, leaves none
 * lent, with null images (bad items) at generated positions of the pages.
 */
class KeptImageArraysIT {

    private static final int GROUP = 16;
    private static final int PAGE = 5;
    private static final int LARGE_IMAGE = 128 << 10;

    /** Values a loader holds between fetch and release. */
    private static final int IN_FLIGHT = 6;

    @TempDir static Path dir;
    private static List<Row> rows;

    /** 60 JPEGs padded to 128 KiB, some null ({@link #isNull}). */
    @BeforeAll
    static void writeImages() throws Exception {
        SplittableRandom random = new SplittableRandom(13);
        rows = new ArrayList<>();
        for (Row row : ParquetFixtures.images(Files.createDirectories(dir.resolve("images")))) {
            byte[] image =
                    isNull(rows.size())
                            ? null
                            : ParquetFixtures.padded(row.image(), LARGE_IMAGE, random);
            rows.add(new Row(image, row.path(), row.label()));
        }
    }

    /**
     * Whether row {@code row} is null: in every fourth run of 5 rows, its first, middle or last.
     */
    private static boolean isNull(int row) {
        int run = row / PAGE;
        return run % 4 == 1 && row % PAGE == run / 4 % 3 * 2;
    }

    @Test
    void epochsAfterTheFirstReuseTheKeptImagesArraysAndLeaveNoneLent() throws Exception {
        try (ParquetRows<?> source = open()) {
            PageBuffers copies = source.table().copies();
            Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
            SplittableRandom random = new SplittableRandom(21);
            int afterFirst = 0;
            for (int epoch = 0; epoch < 4; epoch++) {
                runEpoch(source, shuffled(random), rows.size(), arrays);
                assertEquals(0, copies.lentBytes(), "arrays lent after epoch " + epoch);
                afterFirst = epoch == 0 ? arrays.size() : afterFirst;
            }
            int later = arrays.size() - afterFirst;
            assertTrue(later <= rows.size() / 10, later + " arrays new after the first epoch");
            assertTrue(source.stats().cacheMisses() > 4L * rows.size() / PAGE, "pages re-read");
        }
    }

    @Test
    void anEpochClosedHalfwayGivesItsKeptArraysBackAndTheHeldOnesOnRelease() throws Exception {
        SplittableRandom random = new SplittableRandom(34);
        try (ParquetRows<?> source = open()) {
            PageBuffers copies = source.table().copies();
            for (int round = 0; round < 5; round++) {
                List<Long> order = shuffled(random);
                int stop = random.nextInt(1, rows.size());
                Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
                ArrayDeque<Held> held = runEpoch(source, order, stop, arrays);
                long heldBytes = held.stream().mapToLong(h -> h.image().array().length).sum();
                assertEquals(heldBytes, copies.lentBytes(), "lent after closing at " + stop);
                held.forEach(Held::release);
                assertEquals(0, copies.lentBytes(), "lent after the releases, closed at " + stop);
            }
        }
    }

    /** A fetched image not released yet, and the epoch to release it to. */
    private record Held(ItemSource<ByteBuffer> epoch, long item, ByteBuffer image) {
        void release() {
            epoch.release(item, image);
        }
    }

    /**
     * Fetches the first {@code count} items of {@code order} in one epoch, releasing each once
     * {@link #IN_FLIGHT} later ones were fetched, and closes the epoch; returns the ones still
     * held, which the test releases (all if the whole order was fetched).
     */
    @SuppressWarnings("ByteBufferBackingArray") // the source wraps each copy's whole array
    private static ArrayDeque<Held> runEpoch(
            ParquetRows<?> source, List<Long> order, int count, Set<byte[]> arrays)
            throws Exception {
        ItemSource<ByteBuffer> epoch = epochOf(source);
        ArrayDeque<Held> held = new ArrayDeque<>();
        for (long item : order.subList(0, count)) {
            byte[] expected = rows.get(Math.toIntExact(item)).image();
            if (expected == null) {
                assertThrows(BadItemException.class, () -> epoch.fetch(null, item));
                continue;
            }
            ByteBuffer image = epoch.fetch(null, item);
            assertArrayEquals(expected, TestImages.bytes(image.duplicate()), "row " + item);
            arrays.add(image.array());
            held.add(new Held(epoch, item, image));
            if (held.size() > IN_FLIGHT) {
                held.poll().release();
            }
        }
        epoch.close();
        if (count == order.size()) {
            held.forEach(Held::release);
            held.clear();
        }
        return held;
    }

    @SuppressWarnings("unchecked")
    private static ItemSource<ByteBuffer> epochOf(ParquetRows<?> source) {
        return (ItemSource<ByteBuffer>) source.randomAccessEpoch();
    }

    private static List<Long> shuffled(SplittableRandom random) {
        List<Long> order = new ArrayList<>();
        for (long i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        for (int i = order.size() - 1; i > 0; i--) {
            Collections.swap(order, i, random.nextInt(i + 1));
        }
        return order;
    }

    /** The set over pages of 5 rows, with a cache of two pages' images. */
    private static ParquetRows<?> open() throws Exception {
        Path file = dir.resolve("kept.parquet");
        if (!Files.exists(file)) {
            ParquetFixtures.paged(file, rows, GROUP, PAGE);
        }
        return (ParquetRows<?>)
                ParquetSource.builder()
                        .setLocation(file.toString())
                        .optCacheBytes(2L * PAGE * LARGE_IMAGE)
                        .build();
    }
}
