package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The page arrays streamed row groups are decompressed into: sized to the page, reused, bounded.
 */
class PageBuffersTest {

    @Test
    void aPageGetsAnArrayAtMostAnEighthOverItsSizeAndASmallPageItsExactSize() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            int size = random.nextInt(1, 1 << (1 + random.nextInt(30)));
            int length = PageBuffers.sizeClass(size);
            if (size < PageBuffers.MIN_POOLED) {
                assertEquals(size, length);
            } else {
                assertTrue(length >= size && length - size <= size / 8, size + " -> " + length);
            }
        }
    }

    @Test
    void theArraysOfARowGroupGivenBackAreTheNextRowGroupsOfPagesOfTheirSizeClass() {
        PageBuffers pool = new PageBuffers();
        PageBuffers.Lease first = pool.lease();
        byte[] page = first.take(11_000_000);
        first.giveBack();
        PageBuffers.Lease second = pool.lease();
        assertSame(page, second.take(10_900_000), "a page of the same size class");
        assertNotSame(page, second.take(11_000_000), "the array is lent once at a time");
    }

    @Test
    void aPageTakesAFreeArrayOfALargerClassAtMostAQuarterOverItsOwn() {
        PageBuffers pool = new PageBuffers();
        PageBuffers.Lease first = pool.lease();
        byte[] page = first.take(1_100_000);
        first.giveBack();
        PageBuffers.Lease second = pool.lease();
        assertSame(page, second.take(960 << 10), "a page of the class a little under");
        second.giveBack();
        assertNotSame(page, pool.lease().take(600 << 10), "a page far under gets its own");
    }

    @Test
    void theFreeArraysKeptAreAtMostThePeakLentAtOnce() {
        PageBuffers pool = new PageBuffers();
        PageBuffers.Lease[] leases = new PageBuffers.Lease[3];
        for (int i = 0; i < leases.length; i++) {
            leases[i] = pool.lease();
            leases[i].take(1 << 20);
        }
        long peak = pool.lentBytes();
        for (PageBuffers.Lease lease : leases) {
            lease.giveBack();
        }
        assertEquals(peak, pool.freeBytes());
        PageBuffers.Lease larger = pool.lease();
        larger.take(2 << 20);
        assertTrue(pool.freeBytes() + pool.lentBytes() <= peak, "free arrays dropped for it");
        larger.forget();
        assertEquals(0, pool.lentBytes(), "a forgotten lease is no longer lent");
        assertTrue(pool.freeBytes() <= peak);
    }

    @Test
    void aForgottenLeasesArraysAreNotReused() {
        PageBuffers pool = new PageBuffers();
        PageBuffers.Lease lease = pool.lease();
        byte[] page = lease.take(1 << 20);
        lease.forget();
        lease.giveBack();
        assertNotSame(page, pool.lease().take(1 << 20));
    }

    @Test
    void anUnpooledLeaseGivesArraysOfTheExactSizeAndKeepsNone() {
        byte[] page = PageBuffers.Lease.UNPOOLED.take(3 << 20);
        assertEquals(3 << 20, page.length);
        PageBuffers.Lease.UNPOOLED.giveBack();
    }
}
