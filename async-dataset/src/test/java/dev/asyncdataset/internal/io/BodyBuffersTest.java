package dev.asyncdataset.internal.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class BodyBuffersTest {

    @TempDir Path dir;

    @Test
    void everyLengthGetsAnArrayAtMostAQuarterLongerFromItsSizeClass() {
        for (int length = 0; length <= BodyBuffers.MAX_POOLED; length += 1 + length / 97) {
            int size = BodyBuffers.sizeOf(BodyBuffers.classOf(length));
            assertTrue(size >= length, length + " got " + size);
            assertTrue(length <= 4096 || size <= length * 1.25 + 1, length + " got " + size);
        }
        assertEquals(BodyBuffers.MAX_POOLED, BodyBuffers.sizeOf(BodyBuffers.classOf(16 << 20)));
    }

    @Test
    void anArrayGivenBackIsLentAgainToOneTakerOnly() {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        byte[] first = pool.take(110_000);
        assertTrue(pool.give(first));
        assertFalse(pool.give(first), "given back twice");
        assertSame(first, pool.take(100_000));
        assertNotSame(first, pool.take(100_000));
        assertEquals(2, pool.lent());
    }

    @Test
    void anArrayThePoolDidNotLendIsNotTakenIn() {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        assertFalse(pool.give(new byte[114_688]));
        assertFalse(pool.give(ByteBuffer.wrap(new byte[10])));
        assertFalse(pool.give(ByteBuffer.allocateDirect(10)));
        assertEquals(0, pool.retained());
    }

    @Test
    void theFreeArraysKeptStayWithinTheBound() {
        BodyBuffers pool = new BodyBuffers(300_000);
        List<byte[]> lent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            lent.add(pool.take(110_000));
        }
        lent.forEach(pool::give);
        assertEquals(0, pool.lent());
        assertEquals(2 * 114_688, pool.retained());
    }

    @Test
    void bodiesOverTheLargestClassGetArraysOfTheirOwn() {
        BodyBuffers pool = new BodyBuffers(1L << 30);
        byte[] big = pool.take(BodyBuffers.MAX_POOLED + 1);
        assertEquals(BodyBuffers.MAX_POOLED + 1, big.length);
        assertEquals(0, pool.lent());
        assertFalse(pool.give(big));
    }

    @Test
    void aFileIsReadIntoALentArrayAsABodyOfItsLength() throws Exception {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        byte[] bytes = new byte[70_001];
        new Random(3).nextBytes(bytes);
        Path file = Files.write(dir.resolve("a.jpg"), bytes);
        ByteBuffer body = pool.read(file);
        assertEquals(0, body.position());
        assertEquals(bytes.length, body.limit());
        assertArrayEquals(bytes, Arrays.copyOf(body.array(), body.limit()));
        assertEquals(1, pool.lent());
        assertTrue(pool.give(body));
        ByteBuffer empty = pool.read(Files.write(dir.resolve("empty.jpg"), new byte[0]));
        assertEquals(0, empty.remaining());
    }

    /**
     * Many threads take arrays, fill them with their own mark, hold them a while and check the mark
     * before giving them back: an array lent to two holders at once would show the other's mark.
     */
    @Test
    void noArrayIsLentToTwoHoldersAtOnce() throws Exception {
        BodyBuffers pool = new BodyBuffers(8 << 20);
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<Future<Integer>> runs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                byte mark = (byte) (t + 1);
                runs.add(threads.submit(() -> hold(pool, mark)));
            }
            for (Future<Integer> run : runs) {
                assertEquals(0, run.get());
            }
        }
        assertEquals(0, pool.lent());
    }

    private static int hold(BodyBuffers pool, byte mark) {
        Random random = new Random(mark);
        int clobbered = 0;
        for (int i = 0; i < 2_000; i++) {
            byte[][] held = new byte[3][];
            for (int j = 0; j < held.length; j++) {
                held[j] = pool.take(1 + random.nextInt(20_000));
                Arrays.fill(held[j], mark);
            }
            for (byte[] array : held) {
                for (byte b : array) {
                    clobbered += b == mark ? 0 : 1;
                }
                pool.give(array);
            }
        }
        return clobbered;
    }
}
