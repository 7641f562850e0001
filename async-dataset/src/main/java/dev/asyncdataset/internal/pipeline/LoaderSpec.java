package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.source.ItemSource;

/**
 * Everything a {@link Loader} needs that does not change between epochs.
 *
 * @param source where items come from
 * @param origins which source each item comes from, when the source reads several ({@link
 *     ItemOrigins#ONE} otherwise)
 * @param concurrency how much runs at once
 * @param pipelines what turns items into batches
 * @param skipBadItems whether a bad item is skipped and counted rather than failing its batch
 * @param seed the seed of the per-item random generators
 * @param device the target device, or {@code null} for the device of the trainer's manager
 * @param hostBuffers the recycled host batch buffers, or {@code null} to keep every batch on the
 *     per-item path ({@link BatchAssembly#of} decides per epoch)
 * @param gather reads a whole batch of the source's in-memory rows at once, stacked; or {@code
 *     null} to read item by item
 */
public record LoaderSpec(
        ItemSource<?> source,
        ItemOrigins origins,
        Concurrency concurrency,
        Pipelines pipelines,
        boolean skipBadItems,
        long seed,
        Device device,
        HostBuffers hostBuffers,
        RowGather gather) {

    /**
     * Returns this configuration reading from {@code other} instead, a source of its own items.
     *
     * @param other the item source
     * @return the configuration with that source
     */
    public LoaderSpec withSource(ItemSource<?> other) {
        return withSource(other, ItemOrigins.ONE);
    }

    /**
     * Returns this configuration reading from {@code other} instead, whose items come from the
     * sources {@code from} tells, item by item.
     *
     * @param other the item source
     * @param from where its items come from
     * @return the configuration with that source
     */
    public LoaderSpec withSource(ItemSource<?> other, ItemOrigins from) {
        return new LoaderSpec(
                other, from, concurrency, pipelines, skipBadItems, seed, device, hostBuffers, null);
    }

    /** How the events name the items: by key, and by source when they come from several. */
    LoaderEvents.ItemNames itemNames() {
        return new LoaderEvents.ItemNames() {
            @Override
            public String key(long item) {
                return source.describe(item);
            }

            @Override
            public String source(long item) {
                return origins.sourceName(item);
            }
        };
    }

    /**
     * Decodes a fetched item and runs the per-item pipeline on it, with the current item generator:
     * what one item becomes on the per-item path, and in {@code ConcurrentDataset.get}.
     *
     * @param manager the manager of the item's arrays
     * @param index the item's index
     * @param fetched what {@link ItemSource#fetch} returned for it
     * @return the item's record
     * @throws Exception if the item cannot be decoded or transformed
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Record decode(NDManager manager, long index, Object fetched) throws Exception {
        Record record = ((ItemSource) source).decode(manager, index, fetched);
        Pipeline item = pipelines.item();
        if (item == null) {
            return record;
        }
        return new Record(item.transform(record.getData()), record.getLabels());
    }

    /**
     * Fetches, decodes and transforms one item on the calling thread, with the current item
     * generator ({@code ConcurrentDataset.get}), and gives what was fetched back to the source.
     *
     * @param manager the manager of the item's arrays
     * @param index the item's index
     * @return the item's record
     * @throws Exception if the item cannot be read, decoded or transformed
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Record get(NDManager manager, long index) throws Exception {
        Object fetched = source.fetch(manager, index);
        try {
            return decode(manager, index, fetched);
        } finally {
            ((ItemSource) source).release(index, fetched);
        }
    }
}
