package dev.asyncdataset.internal.events;

import ai.djl.Device;
import java.nio.ByteBuffer;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

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
 * order from 0 in each epoch. Storage adds {@link ShardLoad} (a streamed shard read whole), {@link
 * Retry} (a transient failure tried again) and {@link IntegrityFailure} (a checksum mismatch).
 *
 * <p>This package depends on no other of the library's, so every layer can record.
 */
public final class LoaderEvents {

    private LoaderEvents() {}

    /** What the events about one batch have: its epoch and number. */
    public abstract static class BatchEvent extends Event {
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
    public static final class BatchPlanned extends BatchEvent {
        @Label("Items")
        int items;

        @Label("Fetch Limit")
        @Description("Fetches allowed at once when the batch was planned")
        int fetchLimit;

        @Label("Batches In Flight")
        @Description("Batches between planning and staging, this one included")
        int inFlight;

        /** Records a batch of {@code size} items planned, if the recording wants it. */
        public static void emit(long epoch, long batch, int size, int fetchLimit, int inFlight) {
            BatchPlanned event = new BatchPlanned();
            if (event.fill(epoch, batch)) {
                event.items = size;
                event.fetchLimit = fetchLimit;
                event.inFlight = inFlight;
                event.commit();
            }
        }
    }

    /** Names an item for its events: its key and, in a mix, the source it comes from. */
    @FunctionalInterface
    public interface ItemNames {
        /** The item's key. */
        String key(long item);

        /** The name of the item's source in a mix, or {@code null} when there is one source. */
        default String source(long item) {
            return null;
        }
    }

    /** What the events about one item have: its epoch, batch, index, key, source and outcome. */
    public abstract static class ItemEvent extends Event {
        @Label("Epoch")
        long epoch;

        @Label("Batch")
        long batch;

        @Label("Index")
        long index;

        @Label("Key")
        String key;

        @Label("Source")
        @Description("The source of a mix the item comes from; absent with one source")
        String source;

        @Label("Succeeded")
        boolean succeeded;

        /** Ends the event and, if the recording wants it, fills it in and returns true. */
        final boolean fill(long of, long in, long item, ItemNames keys, boolean ok) {
            end();
            if (!shouldCommit()) {
                return false;
            }
            epoch = of;
            batch = in;
            index = item;
            key = keys.key(item);
            source = keys.source(item);
            succeeded = ok;
            return true;
        }
    }

    /** One item's read from storage ({@code ItemSource.fetch}), once it had a fetch slot. */
    @Name("dev.asyncdataset.ItemFetch")
    @Label("Item Fetch")
    @Category({"async-dataset", "Item"})
    @StackTrace(false)
    public static final class ItemFetch extends ItemEvent {
        @Label("Bytes")
        @DataAmount
        long bytes;

        /** Ends the event; {@code fetched} is what the fetch returned. */
        public void end(long of, long in, long item, ItemNames keys, Object fetched, boolean ok) {
            if (fill(of, in, item, keys, ok)) {
                bytes = Math.max(0, bytesOf(fetched));
                commit();
            }
        }

        /**
         * Returns the encoded bytes of a fetched value: an array's length, a buffer's remaining
         * bytes.
         *
         * @param fetched what a fetch returned
         * @return its bytes, or -1 if it is neither an array nor a buffer
         */
        public static long bytesOf(Object fetched) {
            if (fetched instanceof ByteBuffer body) {
                return body.remaining();
            }
            return fetched instanceof byte[] encoded ? encoded.length : -1;
        }
    }

    /** One item's decode and per-item transforms, on a decode thread. */
    @Name("dev.asyncdataset.ItemDecode")
    @Label("Item Decode")
    @Category({"async-dataset", "Item"})
    @StackTrace(false)
    public static final class ItemDecode extends ItemEvent {
        /** Ends the event and records it if the recording wants it. */
        public void end(long of, long in, long item, ItemNames keys, boolean ok) {
            if (fill(of, in, item, keys, ok)) {
                commit();
            }
        }
    }

    /** A batch's host arrays made and its batch and label pipelines run. */
    @Name("dev.asyncdataset.BatchCollate")
    @Label("Batch Collate")
    @Category({"async-dataset", "Batch"})
    @StackTrace(false)
    public static final class BatchCollate extends BatchEvent {
        @Label("Items")
        @Description("Items delivered, skipped ones left out")
        int items;

        /** Ends the event and records it if the recording wants it. */
        public void end(long of, long in, int delivered) {
            if (fill(of, in)) {
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
    public static final class BatchStage extends BatchEvent {
        @Label("Device")
        String device;

        /** Ends the event and records it if the recording wants it. */
        public void end(long of, long in, Device on) {
            if (fill(of, in)) {
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
    public static final class BatchHeld extends BatchEvent {
        /** Ends the event and records it if the recording wants it. */
        public void end(long of, long seq) {
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
    public static final class TrainerWait extends Event {
        @Label("Epoch")
        long epoch;

        private transient long startNanos;

        /** Starts a wait. */
        public static TrainerWait start() {
            TrainerWait event = new TrainerWait();
            event.startNanos = System.nanoTime();
            event.begin();
            return event;
        }

        /** Ends the wait; returns its length in nanoseconds, recorded or not. */
        public long end(long of) {
            long nanos = System.nanoTime() - startNanos;
            end();
            if (shouldCommit()) {
                epoch = of;
                commit();
            }
            return nanos;
        }
    }

    /** A shard, or a piece of one, read into memory by a streamed epoch. */
    @Name("dev.asyncdataset.ShardLoad")
    @Label("Shard Load")
    @Category({"async-dataset", "Storage"})
    @StackTrace(false)
    public static final class ShardLoad extends Event {
        @Label("Shard")
        @Description(
                "What was read: the piece of a tar shard, the row group or the file, numbered"
                        + " over the source")
        int shard;

        @Label("Bytes")
        @DataAmount
        long bytes;

        @Label("Succeeded")
        boolean succeeded;

        /** Ends the event and records it if the recording wants it. */
        public void end(int which, long read, boolean ok) {
            end();
            if (shouldCommit()) {
                shard = which;
                bytes = read;
                succeeded = ok;
                commit();
            }
        }
    }

    /** A storage request that failed with a transient error and is tried again. */
    @Name("dev.asyncdataset.Retry")
    @Label("Retry")
    @Category({"async-dataset", "Storage"})
    @StackTrace(false)
    public static final class Retry extends Event {
        @Label("Request")
        @Description("What was requested: a key, a URL or a listing")
        String request;

        @Label("Attempt")
        @Description("The attempt that failed, from 1")
        int attempt;

        @Label("Error")
        String error;

        @Label("Backoff")
        @Timespan
        long backoffNanos;

        /** Records a retry, if the recording wants it. */
        public static void emit(String what, int failed, Exception error, long backoff) {
            Retry event = new Retry();
            if (event.shouldCommit()) {
                event.request = what;
                event.attempt = failed;
                event.error = error.toString();
                event.backoffNanos = backoff;
                event.commit();
            }
        }
    }

    /** Bytes whose checksum did not match what the store or the shard index recorded. */
    @Name("dev.asyncdataset.IntegrityFailure")
    @Label("Integrity Failure")
    @Category({"async-dataset", "Storage"})
    @StackTrace(false)
    public static final class IntegrityFailure extends Event {
        @Label("Mismatch")
        @Description("What was read, and the checksums that differ")
        String mismatch;

        /** Records a mismatch, if the recording wants it. */
        public static void emit(String what) {
            IntegrityFailure event = new IntegrityFailure();
            if (event.shouldCommit()) {
                event.mismatch = what;
                event.commit();
            }
        }
    }
}
