package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.asyncdataset.internal.io.ConditionalReads;
import dev.asyncdataset.internal.io.ObjectChanged;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.io.WholePuts;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * What every {@link ObjectStore} must do, run against a real store by each subclass: list a prefix
 * (its direct children, in name order, across pages) and, where it can, every object under a prefix
 * at any depth, stat, read whole (announcing the body's length) and by range (at the end, partly
 * and wholly past the end), refuse a missing object, keep a read resumed across a replacement of
 * the object from mixing its two versions, and close within a bound with bodies in flight. A store
 * that writes ({@link WritableStore}) writes atomically: a finished write reads back bit for bit, a
 * reader sees the object as it was until the commit and never a partial one, a write closed without
 * its commit leaves nothing (nor changes the object it would have replaced), and delete removes an
 * object. A subclass names its store's objects and writes them; each test writes under a folder of
 * its own.
 */
abstract class ObjectStoreContract {

    /** The settings every store under test is opened with. */
    static final StoreSettings SETTINGS =
            new StoreSettings(Duration.ofSeconds(5), Duration.ofSeconds(10), null);

    /** Far longer than a close or a read takes; a hang fails the test instead of the build. */
    private static final Duration BOUND = Duration.ofSeconds(30);

    private static final AtomicInteger FOLDERS = new AtomicInteger();

    private ObjectStore store;
    private String folder;

    /** Opens the store under test, with {@link #SETTINGS}. */
    abstract ObjectStore open() throws IOException;

    /** The URL of the object at {@code path} ({@code folder/name}). */
    abstract String url(String path);

    /** Writes (or replaces) the object at {@code path}. */
    abstract void put(String path, byte[] bytes) throws Exception;

    /** The most objects one page of the store's listing holds, or 0 if the store cannot list. */
    abstract int pageSize();

    /** Whether the store lists a prefix at any depth ({@link ObjectStore#listAll}). */
    boolean listsAtAnyDepth() {
        return pageSize() > 0;
    }

    /** Whether the store makes a read conditional on the identity it is given (If-Match). */
    boolean readsConditionally() {
        return false;
    }

    /** The store opened with a credential its server denies, or null if it takes none. */
    ObjectStore openDenied() throws IOException {
        return null;
    }

    /** A prefix in a bucket or container that does not exist, or null if the store has none. */
    String missingBucket() {
        return null;
    }

    @BeforeEach
    void openStore(TestInfo test) throws IOException {
        store = open();
        folder = test.getTestMethod().orElseThrow().getName() + "-" + FOLDERS.incrementAndGet();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void listsTheObjectsDirectlyUnderAPrefixInNameOrderAcrossPages() throws Exception {
        assumeTrue(pageSize() > 0, "the store cannot list");
        int count = 2 * pageSize() + 1;
        List<StoredObject> expected = new ArrayList<>();
        for (int i = count - 1; i >= 0; i--) {
            String path = folder + "/object-" + String.format("%05d", i);
            put(path, bytes(i + 1, i));
            expected.addFirst(new StoredObject(url(path), i + 1, null));
        }
        put(folder + "/deeper/hidden", bytes(3, 0));
        put(folder + "-beside", bytes(3, 0));
        List<StoredObject> listed = store.list(url(folder + "/"));
        assertEquals(names(expected), names(listed));
        for (int i = 0; i < count; i++) {
            assertEquals(expected.get(i).length(), listed.get(i).length(), listed.get(i).url());
        }
    }

    @Test
    void aListingWithADeniedCredentialIsRejectedAtOnceNotRetried() throws Exception {
        ObjectStore denied = openDenied();
        assumeTrue(denied != null, "the store takes no credential");
        try (denied) {
            put(folder + "/object", bytes(10, 1));
            assertListingRejected(denied, url(folder + "/"));
        }
    }

    @Test
    void aListingOfAMissingBucketIsRejectedAtOnceNotRetried() throws Exception {
        assumeTrue(pageSize() > 0 && missingBucket() != null, "the store has no buckets");
        assertListingRejected(store, missingBucket());
    }

    /**
     * Lists {@code prefix} as a source does, through {@link StoredShards#call} under a retrier of
     * 30 s: the answer is a {@link RequestRejected}, well within the budget and with no retry.
     */
    private static void assertListingRejected(ObjectStore store, String prefix) {
        Retrier retrier =
                new Retrier(
                        10,
                        BOUND,
                        Retrier.BASE_DELAY,
                        Retrier.MAX_DELAY,
                        StoredShards::isTransient);
        long start = System.nanoTime();
        assertThrows(
                RequestRejected.class,
                () -> StoredShards.call(store, prefix, retrier, () -> store.list(prefix)));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 10_000, "rejected after " + millis + " ms");
        assertEquals(0, retrier.retryCount());
    }

    @Test
    void listsEveryObjectUnderAPrefixAtAnyDepthInNameOrderAcrossPages() throws Exception {
        assumeTrue(listsAtAnyDepth(), "the store cannot list at any depth");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 2 * pageSize() + 1; i++) {
            paths.add(folder + "/class-" + i % 3 + "/object-" + String.format("%05d", i));
        }
        paths.add(folder + "/top");
        paths.add(folder + "/class-0/deeper/nested");
        for (String path : paths) {
            put(path, bytes(4, 0));
        }
        put(folder + "-beside", bytes(3, 0));
        List<StoredObject> listed = store.listAll(url(folder + "/"));
        assertEquals(paths.stream().sorted().map(this::url).toList(), names(listed));
        listed.forEach(o -> assertEquals(4, o.length(), o.url()));
    }

    @Test
    void statGivesTheSizeAndAnIdentityThatChangesWhenTheObjectIsReplaced() throws Exception {
        String path = folder + "/object";
        put(path, bytes(1000, 1));
        StoredObject first = store.stat(url(path));
        assertEquals(new StoredObject(url(path), 1000, first.identity()), first);
        assertNotNull(first.identity(), "no identity");
        put(path, bytes(1000, 2));
        assertNotEquals(first.identity(), store.stat(url(path)).identity());
    }

    @Test
    void aMissingObjectStatsAsNullAndItsReadIsRejectedNamingIt() throws Exception {
        put(folder + "/present", bytes(10, 1));
        String missing = url(folder + "/missing");
        assertNull(store.stat(missing));
        RequestRejected e = assertThrows(RequestRejected.class, () -> store.open(missing, 0, -1));
        assertTrue(e.getMessage().contains(missing), e.getMessage());
    }

    @Test
    void readsTheWholeObjectARangeAndTheRangeAtItsEnd() throws Exception {
        byte[] object = bytes(100_000, 3);
        String url = url(folder + "/object");
        put(folder + "/object", object);
        assertArrayEquals(object, read(url, 0, -1));
        assertArrayEquals(slice(object, 1234, 5678), read(url, 1234, 5678));
        assertArrayEquals(slice(object, object.length - 10, 10), read(url, object.length - 10, 10));
    }

    @Test
    void aWholeBodyAnnouncesTheObjectsLength() throws Exception {
        put(folder + "/object", bytes(54_321, 11));
        try (StoredBody body = store.open(url(folder + "/object"), 0, -1)) {
            assertEquals(54_321, body.length());
        }
    }

    @Test
    void aRangePartlyPastTheEndGivesOnlyTheBytesThereOrIsRejectedAndOnePastItIsRejected()
            throws Exception {
        byte[] object = bytes(1000, 4);
        String url = url(folder + "/object");
        put(folder + "/object", object);
        try {
            assertArrayEquals(slice(object, 995, 5), read(url, 995, 10));
        } catch (RequestRejected e) {
            assertTrue(e.getMessage().contains(url), e.getMessage());
        }
        RequestRejected past = assertThrows(RequestRejected.class, () -> read(url, 2000, 10));
        assertTrue(past.getMessage().contains(url), past.getMessage());
    }

    @Test
    void aReadResumedAfterTheObjectWasReplacedMidwayGivesTheNewObjectNotAMix() throws Exception {
        String path = folder + "/object.bin";
        byte[] before = bytes(300_000, 5);
        byte[] after = bytes(300_000, 6);
        put(path, before);
        ReplacedMidRead replacing = new ReplacedMidRead(store, 100_000, () -> put(path, after));
        Retrier retrier =
                new Retrier(
                        5,
                        Duration.ofSeconds(30),
                        Duration.ofMillis(1),
                        Duration.ofMillis(10),
                        StoredShards::isTransient);
        byte[] into = new byte[after.length];
        try (StoredShards shards =
                StoredShards.open(
                        replacing,
                        url(folder + "/"),
                        null,
                        List.of(url(path)),
                        retrier,
                        BOUND,
                        BOUND)) {
            assertEquals(after.length, shards.readShard(0, into));
        }
        assertTrue(replacing.replaced(), "the object was not replaced mid-read");
        assertArrayEquals(after, into, "bytes of the two versions mixed");
    }

    @Test
    void aReadConditionalOnAReplacedObjectsIdentityIsRefusedAsChanged() throws Exception {
        assumeTrue(readsConditionally(), "the store does not read conditionally");
        String path = folder + "/object";
        put(path, bytes(1000, 8));
        String old = store.stat(url(path)).identity();
        put(path, bytes(1000, 9));
        ObjectChanged e =
                assertThrows(
                        ObjectChanged.class,
                        () -> ConditionalReads.open(store, url(path), 10, 100, old));
        assertTrue(e.getMessage().contains(url(path)), e.getMessage());
        String now = store.stat(url(path)).identity();
        try (StoredBody body = ConditionalReads.open(store, url(path), 10, 100, now)) {
            assertArrayEquals(slice(bytes(1000, 9), 10, 100), body.stream().readAllBytes());
        }
    }

    @Test
    void closeWithBodiesInFlightReturnsWithinABoundAndEndsThem() throws Exception {
        String url = url(folder + "/big");
        put(folder + "/big", bytes(16 << 20, 7));
        List<StoredBody> bodies = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            StoredBody body = store.open(url, 0, -1);
            assertEquals(1024, body.stream().readNBytes(1024).length);
            bodies.add(body);
        }
        within("close", store::close);
        for (StoredBody body : bodies) {
            within("reading a body after close", () -> drain(body.stream()));
            body.close();
        }
    }

    @Test
    void aFinishedWriteOfSeveralPartsReadsBackBitForBit() throws Exception {
        WritableStore writable = writable();
        byte[] object = bytes((8 << 20) + 12_345, 10);
        String url = url(folder + "/written");
        try (ObjectOutput out = writable.create(url)) {
            out.stream().write(object, 0, 1000);
            out.stream().write(object, 1000, object.length - 1000);
            out.commit();
        }
        assertEquals(object.length, store.stat(url).length());
        assertArrayEquals(object, read(url, 0, -1));
        WholePuts.put(writable, url, bytes(10, 11));
        assertArrayEquals(bytes(10, 11), read(url, 0, -1));
    }

    @Test
    void aReaderSeesTheObjectAsItWasUntilTheCommitAndNeverAPartialOne() throws Exception {
        WritableStore writable = writable();
        String url = url(folder + "/replaced");
        byte[] before = bytes(50_000, 12);
        byte[] after = bytes(200_000, 13);
        WholePuts.put(writable, url, before);
        try (ObjectOutput out = writable.create(url)) {
            out.stream().write(after, 0, 100_000);
            out.stream().flush();
            assertEquals(before.length, store.stat(url).length());
            assertArrayEquals(before, read(url, 0, -1));
            out.stream().write(after, 100_000, 100_000);
            assertArrayEquals(before, read(url, 0, -1));
            out.commit();
        }
        assertArrayEquals(after, read(url, 0, -1));
    }

    @Test
    void aWriteClosedWithoutItsCommitLeavesNothingAndTheOldObjectUnchanged() throws Exception {
        WritableStore writable = writable();
        String fresh = url(folder + "/aborted");
        String kept = url(folder + "/kept");
        byte[] old = bytes(1000, 14);
        WholePuts.put(writable, kept, old);
        for (String url : List.of(fresh, kept)) {
            try (ObjectOutput out = writable.create(url)) {
                out.stream().write(bytes((8 << 20) + 1, 15));
            }
        }
        assertNull(store.stat(fresh), "an aborted write left an object");
        assertArrayEquals(old, read(kept, 0, -1));
        if (pageSize() > 0) {
            assertEquals(List.of(kept), names(store.list(url(folder + "/"))));
        }
    }

    @Test
    void deleteRemovesAnObjectAndAMissingOneIsNoError() throws Exception {
        WritableStore writable = writable();
        String url = url(folder + "/deleted");
        WholePuts.put(writable, url, bytes(100, 16));
        writable.delete(url);
        assertNull(store.stat(url));
        writable.delete(url);
    }

    private WritableStore writable() {
        assumeTrue(store instanceof WritableStore, "the store cannot write");
        return (WritableStore) store;
    }

    private byte[] read(String url, long offset, long length) throws IOException {
        try (StoredBody body = store.open(url, offset, length)) {
            return body.stream().readAllBytes();
        }
    }

    /** Runs {@code action} on a thread of its own; fails if it takes {@link #BOUND}. */
    private static void within(String what, Runnable action) throws InterruptedException {
        Thread thread = Thread.ofPlatform().name(what).start(action);
        if (!thread.join(BOUND)) {
            thread.interrupt();
            fail(what + " did not return within " + BOUND);
        }
    }

    private static void drain(InputStream in) {
        try {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // ended by close: what is asked of it
        }
    }

    private static List<String> names(List<StoredObject> objects) {
        return objects.stream().map(StoredObject::url).toList();
    }

    static byte[] bytes(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static byte[] slice(byte[] bytes, int offset, int length) {
        return java.util.Arrays.copyOfRange(bytes, offset, offset + length);
    }
}
