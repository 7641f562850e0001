package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.ForwardingImages;
import dev.asyncdataset.testing.Poll;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestShards;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every body a source fetches comes back to it exactly once, on every path of the loader: decoded
 * into a row or a record, skipped as bad, in a batch that failed, still in flight when the epoch is
 * closed, and read by {@code get}; and no recycled array is handed to a second item while the first
 * still holds it.
 */
@Timeout(300)
class ReleasedBodiesTest {

    private static final int BATCH = 8;

    @TempDir static Path images;
    @TempDir static Path withCorrupt;
    @TempDir static Path shardImages;
    @TempDir static Path shards;
    private NDManager manager;

    @BeforeAll
    static void writeImages() throws IOException {
        TestImages.write(images, TestImages.classFolders(3, 16, 48, 40));
        TestImages.write(withCorrupt, TestImages.classFolders(3, 16, 48, 40));
        byte[] jpeg = Files.readAllBytes(withCorrupt.resolve("class1/img5.jpg"));
        Files.write(withCorrupt.resolve("class1/img5.jpg"), Arrays.copyOf(jpeg, jpeg.length / 2));
        TestShards.write(shardImages, shards, 3, 12);
    }

    @BeforeEach
    void setUp() {
        manager = NDManager.newBaseManager();
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    @Test
    void bodiesDecodedIntoRecycledRowsComeBackOnce() throws Exception {
        Tracked source = new Tracked(FolderSource.builder().setLocation(images.toString()).build());
        ConcurrentDataset dataset = images(source).build();
        assertEquals(48, drain(dataset));
        assertTrue(dataset.stats().bufferPath().startsWith("recycled"));
        source.assertAllBack(48);
    }

    @Test
    void bodiesDecodedIntoRecordsComeBackOnce() throws Exception {
        Tracked source = new Tracked(FolderSource.builder().setLocation(images.toString()).build());
        ConcurrentDataset dataset = images(source).optRecycleBuffers(false).build();
        assertEquals(48, drain(dataset));
        assertEquals("per-item", dataset.stats().bufferPath());
        source.assertAllBack(48);
    }

    @Test
    void aSkippedBadItemsBodyComesBackOnce() throws Exception {
        Tracked source =
                new Tracked(FolderSource.builder().setLocation(withCorrupt.toString()).build());
        ConcurrentDataset dataset = images(source).optBadItemPolicy(BadItemPolicy.SKIP).build();
        assertEquals(47, drain(dataset));
        assertEquals(1, dataset.stats().skippedItems());
        source.assertAllBack(48);
    }

    @Test
    void theBodiesOfAFailedEpochComeBackOnce() throws Exception {
        Tracked source =
                new Tracked(FolderSource.builder().setLocation(withCorrupt.toString()).build());
        ConcurrentDataset dataset = images(source).build();
        assertThrows(DataLoadingException.class, () -> drain(dataset));
        Poll.until("every fetched body back", () -> source.outstanding() == 0);
        source.assertNoMisuse();
    }

    @Test
    void bodiesInFlightWhenTheEpochIsClosedComeBackOnce() throws Exception {
        for (int run = 0; run < 10; run++) {
            Tracked source =
                    new Tracked(FolderSource.builder().setLocation(images.toString()).build());
            ConcurrentDataset dataset = images(source).optPrefetchNumber(4).build();
            Iterator<Batch> batches = dataset.getData(manager).iterator();
            batches.next().close();
            ((AutoCloseable) batches).close();
            assertEquals(0, source.outstanding(), "bodies not back after close, run " + run);
            source.assertNoMisuse();
        }
    }

    @Test
    void getGivesItsBodyBack() throws Exception {
        Tracked source = new Tracked(FolderSource.builder().setLocation(images.toString()).build());
        ConcurrentDataset dataset = images(source).build();
        try (NDManager item = manager.newSubManager()) {
            Record record = dataset.get(item, 5);
            assertEquals(3, record.getData().head().getShape().get(2));
        }
        source.assertAllBack(1);
    }

    @Test
    void splitsAndMixesGiveEachBodyBackToItsSource() throws Exception {
        Tracked first = new Tracked(FolderSource.builder().setLocation(images.toString()).build());
        Tracked second =
                new Tracked(FolderSource.builder().setLocation(withCorrupt.toString()).build());
        ConcurrentDataset mix =
                ConcurrentDataset.builder()
                        .addSource("first", first, SourceShare.once())
                        .addSource("second", second, SourceShare.choose(20))
                        .setSampling(BATCH, true)
                        .optPipeline(ImageRecipes.training(32))
                        .optBadItemPolicy(BadItemPolicy.SKIP)
                        .build();
        drain(mix);
        assertTrue(first.assertAllBack() >= 48);
        assertTrue(second.assertAllBack() >= 20);
        Tracked whole = new Tracked(FolderSource.builder().setLocation(images.toString()).build());
        RandomAccessDataset[] parts = images(whole).build().randomSplit(3, 1);
        assertEquals(36, drain(parts[0]));
        whole.assertAllBack(36);
    }

    /** The library's own sources give every array back to the shared pool, streamed or not. */
    @Test
    void theLibrarysSourcesGiveEveryRecycledArrayBack() throws Exception {
        long lent = BodyBuffers.shared().lent();
        try (LabeledImageSource tars =
                TarShardSource.builder().setLocation(shards.toString()).build()) {
            drain(images(tars).build());
            drain(images(tars).optRandomAccess().build());
            drain(
                    ConcurrentDataset.builder()
                            .addSource(
                                    "folder",
                                    FolderSource.builder().setLocation(images.toString()).build(),
                                    SourceShare.once())
                            .addSource("shards", tars, SourceShare.repeat(2))
                            .setSampling(BATCH, true)
                            .optPipeline(ImageRecipes.training(32))
                            .build());
        }
        assertEquals(lent, BodyBuffers.shared().lent());
        assertTrue(BodyBuffers.shared().retained() <= BodyBuffers.SHARED_RETAINED);
    }

    private static ConcurrentDatasetBuilder images(LabeledImageSource source) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(BATCH, true)
                .optPipeline(ImageRecipes.training(32))
                .optFetchers(16);
    }

    private int drain(Dataset dataset) throws IOException, TranslateException {
        int items = 0;
        for (Batch batch : dataset.getData(manager)) {
            items += batch.getSize();
            batch.close();
        }
        return items;
    }

    /**
     * An image folder that records every body it lends until it comes back, and every misuse: a
     * body given back twice or never lent, to the wrong item, or an array lent to two items at
     * once.
     */
    private static final class Tracked extends ForwardingImages {

        private final Map<ByteBuffer, Long> out = new IdentityHashMap<>();
        private final Map<byte[], Long> arrays = new IdentityHashMap<>();
        private final List<String> misuse = Collections.synchronizedList(new ArrayList<>());
        private final AtomicLong fetched = new AtomicLong();
        private final AtomicLong released = new AtomicLong();

        Tracked(LabeledImageSource folder) {
            super(folder);
        }

        @Override
        public ByteBuffer fetch(NDManager manager, long index) throws Exception {
            ByteBuffer body = super.fetch(manager, index);
            synchronized (this) {
                Long holder = arrays.put(body.array(), index);
                if (holder != null) {
                    misuse.add("array of item " + holder + " lent to item " + index);
                }
                out.put(body, index);
            }
            fetched.incrementAndGet();
            return body;
        }

        @Override
        public void release(long index, ByteBuffer body) {
            synchronized (this) {
                Long lentTo = out.remove(body);
                if (lentTo == null || lentTo != index) {
                    misuse.add("item " + index + " gave back a body lent to " + lentTo);
                    return;
                }
                arrays.remove(body.array());
            }
            released.incrementAndGet();
            super.release(index, body);
        }

        synchronized int outstanding() {
            return out.size();
        }

        void assertNoMisuse() {
            assertEquals(List.of(), misuse);
        }

        /** Asserts that every body came back once, and returns how many were lent. */
        long assertAllBack() {
            assertNoMisuse();
            assertEquals(0, outstanding(), "bodies not given back");
            assertEquals(fetched.get(), released.get());
            return fetched.get();
        }

        void assertAllBack(long items) {
            assertEquals(items, assertAllBack());
        }
    }
}
