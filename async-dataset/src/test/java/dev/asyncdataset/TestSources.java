package dev.asyncdataset;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Small item sources and datasets with controlled behaviour, for the tests. */
final class TestSources {

    private TestSources() {}

    /** Item i is the float vector [i, i, i] with label i. */
    static Record item(NDManager manager, long index) {
        return new Record(
                new NDList(manager.full(new ai.djl.ndarray.types.Shape(3), index)),
                new NDList(manager.create((float) index)));
    }

    /** Items whose fetches finish in reverse index order: item i waits for item i + 1. */
    static final class ReverseCompletion implements ItemSource<Long> {
        private final CountDownLatch[] fetched;

        ReverseCompletion(int size) {
            fetched = new CountDownLatch[size];
            for (int i = 0; i < size; i++) {
                fetched[i] = new CountDownLatch(1);
            }
        }

        @Override
        public long size() {
            return fetched.length;
        }

        @Override
        public Long fetch(NDManager manager, long index) throws InterruptedException {
            int i = Math.toIntExact(index);
            if (i + 1 < fetched.length && !fetched[i + 1].await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("item " + (i + 1) + " never fetched");
            }
            fetched[i].countDown();
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long value) {
            return item(manager, index);
        }
    }

    /** Items 0..size-1, where the indices in {@code bad} throw a BadItemException. */
    static final class WithBadItems implements ItemSource<Long> {
        private final long size;
        private final java.util.Set<Long> bad;

        WithBadItems(long size, Long... bad) {
            this.size = size;
            this.bad = java.util.Set.of(bad);
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public Long fetch(NDManager manager, long index) throws BadItemException {
            if (bad.contains(index)) {
                throw new BadItemException(describe(index), "corrupt on purpose", null);
            }
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long value) {
            return item(manager, index);
        }

        @Override
        public String describe(long index) {
            return "mem://items/" + index;
        }
    }

    /** Items 0..size-1 whose fetches take a random 0 to 2 ms, so they finish in any order. */
    static final class Jittery implements ItemSource<Long> {
        private final long size;

        Jittery(long size) {
            this.size = size;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public Long fetch(NDManager manager, long index) throws InterruptedException {
            Thread.sleep(
                    java.time.Duration.ofNanos(
                            java.util.concurrent.ThreadLocalRandom.current().nextLong(2_000_000)));
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long value) {
            return item(manager, index);
        }
    }

    /** A DJL dataset whose {@code get} waits {@code millis} per item, like a remote read. */
    static class SlowDataset extends RandomAccessDataset {
        private final long size;
        private final long millis;
        private final AtomicInteger running = new AtomicInteger();
        private final AtomicInteger maxConcurrent = new AtomicInteger();

        SlowDataset(long size, long millis, int batchSize) {
            super(new Builder().setSampling(batchSize, false));
            this.size = size;
            this.millis = millis;
        }

        @Override
        public Record get(NDManager manager, long index) {
            maxConcurrent.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
            return item(manager, index);
        }

        /** The most {@code get} calls that ran at once. */
        int maxConcurrent() {
            return maxConcurrent.get();
        }

        @Override
        protected long availableSize() {
            return size;
        }

        @Override
        public void prepare(Progress progress) {}

        private static final class Builder extends BaseBuilder<Builder> {
            @Override
            protected Builder self() {
                return this;
            }
        }
    }
}
