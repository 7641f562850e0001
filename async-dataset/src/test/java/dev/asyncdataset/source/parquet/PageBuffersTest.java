package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
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
    void aPageTakesTheSmallestFreeArrayThatHoldsIt() {
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 200; round++) {
            PageBuffers pool = new PageBuffers();
            PageBuffers.Lease held = pool.lease();
            int[] sizes = random.ints(6, PageBuffers.MIN_POOLED, 4 << 20).toArray();
            for (int size : sizes) {
                held.take(size);
            }
            held.giveBack();
            int page = random.nextInt(PageBuffers.MIN_POOLED, 5 << 20);
            int fit = Integer.MAX_VALUE;
            for (int size : sizes) {
                int length = PageBuffers.sizeClass(size);
                fit = length >= page ? Math.min(fit, length) : fit;
            }
            byte[] array = pool.lease().take(page);
            int expected = fit == Integer.MAX_VALUE ? PageBuffers.sizeClass(page) : fit;
            assertEquals(expected, array.length, "a page of " + page + " bytes");
        }
    }

    @Test
    void rowGroupsWhoseLastPagesVaryInSizeReuseArraysInsteadOfAllocatingPerRowGroup() {
        SplittableRandom random = new SplittableRandom(11);
        PageBuffers pool = new PageBuffers();
        Set<byte[]> allocated = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<PageBuffers.Lease> inFlight = new ArrayDeque<>();
        int groups = 300;
        int allocatedAfterWarmUp = 0;
        for (int group = 0; group < groups; group++) {
            PageBuffers.Lease lease = pool.lease();
            for (int page = 0; page < 11; page++) {
                allocated.add(lease.take(random.nextInt(1 << 20, (1 << 20) + (100 << 10))));
            }
            allocated.add(lease.take(random.nextInt(PageBuffers.MIN_POOLED, 1 << 20)));
            inFlight.add(lease);
            if (inFlight.size() > 2) {
                inFlight.poll().giveBack();
            }
            allocatedAfterWarmUp = group == 9 ? allocated.size() : allocatedAfterWarmUp;
        }
        int later = allocated.size() - allocatedAfterWarmUp;
        assertTrue(later <= groups / 20, later + " arrays allocated after the first 10 row groups");
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
    }

    @Test
    void anUnpooledLeaseGivesArraysOfTheExactSizeAndKeepsNone() {
        byte[] page = PageBuffers.Lease.UNPOOLED.take(3 << 20);
        assertEquals(3 << 20, page.length);
        PageBuffers.Lease.UNPOOLED.giveBack();
    }
}
