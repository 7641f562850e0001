package dev.asyncdataset.internal;

import ai.djl.Device;
import dev.asyncdataset.source.ItemSource;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The loader's JDK Flight Recorder events, all under the category {@code async-dataset}: what each
 * stage did to which item or batch, and when. Each stage times its event with {@code
 * begin()}/{@code end()} and sets the fields and commits only if {@code shouldCommit()}: without a
 * recording, an event costs a few instructions and no string is built. Every field names data
 * (epoch, batch number, item index and key, bytes), never credentials. {@code async-dataset.jfc} in
 * the jar enables them all; the events are on in a recording made with the JDK's own settings too.
 *
 * <p>A batch's life in events: {@link BatchPlanned}, an {@link ItemFetch} and an {@link ItemDecode}
 * per item, {@link BatchCollate}, {@link BatchStage} (created on the device), then {@link
 * BatchHeld} from the trainer's {@code next()} to its {@code close()}; {@link TrainerWait} is the
 * time the trainer's thread waited in {@code hasNext}/{@code next}, the events summing to {@code
 * LoaderStats.dataWaitNanos}. The batch number is the one {@code BatchPlanner} gives, in sampler
 * order from 0 in each epoch.
 */
public final class LoaderEvents {

    private LoaderEvents() {}

    /** What the events about one batch have: its epoch and number. */
    abstract static class BatchEvent extends Event {
        @Label("Epoch")
        long epoch;

        @Label("Batch")
        long batch;

        /** Ends the event and, if the recording wants it, fills it in and returns true. */
        final boolean fill(long of, long seq) {
            end();
            if (!shouldCommit()) {
                return false;
            }
            epoch = of;
            batch = seq;
            return true;
        }
    }

    /** A batch was planned and its fetches submitted. */
    @Name("dev.asyncdataset.BatchPlanned")
    @Label("Batch Planned")
    @Category({"async-dataset", "Batch"})
    @StackTrace(false)
    static final class BatchPlanned extends BatchEvent {
        @Label("Items")
        int items;

        @Label("Fetch Limit")
        @Description("Fetches allowed at once when the batch was planned")
        int fetchLimit;

        @Label("Batches In Flight")
        @Description("Batches between planning and staging, this one included")
        int inFlight;

        static void emit(long epoch, PendingBatch planned, int fetchLimit, int inFlight) {
            BatchPlanned event = new BatchPlanned();
            if (event.fill(epoch, planned.seq)) {
                event.items = planned.indices.size();
                event.fetchLimit = fetchLimit;
                event.inFlight = inFlight;
                event.commit();
            }
        }
    }

    /** What the events about one item have: its epoch, batch, index, key and outcome. */
    abstract static class ItemEvent extends Event {
        @Label("Epoch")
        long epoch;

        @Label("Batch")
        long batch;

        @Label("Index")
        long index;

        @Label("Key")
        String key;

        @Label("Succeeded")
        boolean succeeded;

        /** Ends the event and, if the recording wants it, fills it in and returns true. */
        final boolean fill(long of, PendingBatch in, int slot, ItemSource<?> source, boolean ok) {
            end();
            if (!shouldCommit()) {
                return false;
            }
            epoch = of;
            batch = in.seq;
            index = in.indices.get(slot);
            key = source.describe(index);
            succeeded = ok;
            return true;
        }
    }

    /** One item's read from storage ({@code ItemSource.fetch}), once it had a fetch slot. */
    @Name("dev.asyncdataset.ItemFetch")
    @Label("Item Fetch")
    @Category({"async-dataset", "Item"})
    @StackTrace(false)
    static final class ItemFetch extends ItemEvent {
        @Label("Bytes")
        @DataAmount
        long bytes;

        /** Ends the event; {@code fetched} is what the fetch returned. */
        void end(
                long of,
                PendingBatch in,
                int slot,
                ItemSource<?> source,
                Object fetched,
                boolean ok) {
            if (fill(of, in, slot, source, ok)) {
                bytes = fetched instanceof byte[] encoded ? encoded.length : 0;
                commit();
            }
        }
    }

    /** One item's decode and per-item transforms, on a decode thread. */
    @Name("dev.asyncdataset.ItemDecode")
    @Label("Item Decode")
    @Category({"async-dataset", "Item"})
    @StackTrace(false)
    static final class ItemDecode extends ItemEvent {
        void end(long of, PendingBatch in, int slot, ItemSource<?> source, boolean ok) {
            if (fill(of, in, slot, source, ok)) {
                commit();
            }
        }
    }

    /** A batch's host arrays made and its batch and label pipelines run. */
    @Name("dev.asyncdataset.BatchCollate")
    @Label("Batch Collate")
    @Category({"async-dataset", "Batch"})
    @StackTrace(false)
    static final class BatchCollate extends BatchEvent {
        @Label("Items")
        @Description("Items delivered, skipped ones left out")
        int items;

        void end(long of, PendingBatch in, int delivered) {
            if (fill(of, in.seq)) {
                items = delivered;
                commit();
            }
        }
    }

    /** A batch created on the training device, device pipeline included. */
    @Name("dev.asyncdataset.BatchStage")
    @Label("Batch Stage")
    @Category({"async-dataset", "Batch"})
    @StackTrace(false)
    static final class BatchStage extends BatchEvent {
        @Label("Device")
        String device;

        void end(long of, PendingBatch in, Device on) {
            if (fill(of, in.seq)) {
                device = on.toString();
                commit();
            }
        }
    }

    /** A batch held by the trainer: from its {@code next()} to the batch's {@code close()}. */
    @Name("dev.asyncdataset.BatchHeld")
    @Label("Batch Held By Trainer")
    @Category({"async-dataset", "Trainer"})
    @StackTrace(false)
    static final class BatchHeld extends BatchEvent {
        void end(long of, long seq) {
            if (fill(of, seq)) {
                commit();
            }
        }
    }

    /** The trainer's thread waiting for the next batch in {@code hasNext} or {@code next}. */
    @Name("dev.asyncdataset.TrainerWait")
    @Label("Trainer Wait")
    @Category({"async-dataset", "Trainer"})
    @StackTrace(false)
    static final class TrainerWait extends Event {
        @Label("Epoch")
        long epoch;

        private transient long startNanos;

        static TrainerWait start() {
            TrainerWait event = new TrainerWait();
            event.startNanos = System.nanoTime();
            event.begin();
            return event;
        }

        /** Ends the wait; returns its length in nanoseconds, recorded or not. */
        long end(long of) {
            long nanos = System.nanoTime() - startNanos;
            end();
            if (shouldCommit()) {
                epoch = of;
                commit();
            }
            return nanos;
        }
    }
}
