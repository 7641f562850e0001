package dev.asyncdataset;

import ai.djl.ndarray.NDArray;
import ai.djl.training.dataset.RandomAccessDataset;
import dev.asyncdataset.internal.mix.MixShare;
import dev.asyncdataset.internal.mix.MixedSource;
import dev.asyncdataset.internal.pipeline.RowGather;
import dev.asyncdataset.source.ItemSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Where the items of a {@link ConcurrentDatasetBuilder} come from: in-memory arrays, a wrapped
 * dataset, one source, or a mix of added sources. Each argument is checked as it is given; {@link
 * #items()} checks that exactly one way was used.
 */
final class SourceOptions {

    private final Set<String> calls = new LinkedHashSet<>();
    private ItemSource<?> source;
    private final List<ItemSource<?>> mixed = new ArrayList<>();
    private final List<String> mixNames = new ArrayList<>();
    private final List<MixShare> shares = new ArrayList<>();
    private long epochSize;
    private NDArray[] data;
    private NDArray[] labels = new NDArray[0];
    private RandomAccessDataset wrapped;

    void data(NDArray... data) {
        if (data == null || data.length == 0) {
            throw new IllegalArgumentException("Please pass in at least one data");
        }
        this.data = data.clone();
        calls.add("setData");
    }

    void labels(NDArray... labels) {
        this.labels = Objects.requireNonNull(labels, "optLabels: labels is null").clone();
    }

    void dataset(RandomAccessDataset dataset) {
        Objects.requireNonNull(dataset, "setDataset: dataset is null");
        this.source = new DatasetSource(dataset);
        this.wrapped = dataset;
        calls.add("setDataset");
    }

    void source(ItemSource<?> source) {
        this.source = Objects.requireNonNull(source, "setSource: source is null");
        calls.add("setSource");
    }

    /** The name of the next added source: {@code "source <i> (<its class>)"}. */
    String nextName(ItemSource<?> source) {
        Objects.requireNonNull(source, "addSource: source is null");
        return "source " + mixed.size() + " (" + source.getClass().getSimpleName() + ")";
    }

    void add(String name, ItemSource<?> source, SourceShare share) {
        Objects.requireNonNull(name, "addSource: name is null");
        Objects.requireNonNull(source, "addSource: source is null");
        Objects.requireNonNull(share, "addSource: share is null");
        if (name.isBlank() || mixNames.contains(name)) {
            throw new IllegalArgumentException("addSource: name blank or taken: '" + name + "'");
        }
        List<String> names = new ArrayList<>(mixNames);
        names.add(name);
        List<MixShare> checked = new ArrayList<>(shares);
        checked.add(share.share());
        MixedSource.checkShares(names, checked);
        mixed.add(source);
        mixNames.add(name);
        shares.add(share.share());
        calls.add("addSource");
    }

    void epochSize(long epochSize) {
        if (epochSize < 1) {
            throw new IllegalArgumentException("epochSize < 1: " + epochSize);
        }
        this.epochSize = epochSize;
    }

    /** Whether the items are in-memory arrays, whose item pipeline runs on stacked batches. */
    boolean inMemory() {
        return data != null;
    }

    /** Whether the items are a wrapped {@code ArrayDataset}'s rows, read by its own {@code get}. */
    boolean wrapsArrays() {
        return source instanceof DatasetSource wrapped && wrapped.inMemory();
    }

    /**
     * Reads a batch of in-memory rows at once, or {@code null} when the items are not such rows.
     */
    RowGather gather() {
        if (data != null) {
            return RowGather.of(data, labels);
        }
        return wrapped != null ? RowGather.of(wrapped) : null;
    }

    /**
     * Returns the one source that was set, or the mix of the added ones.
     *
     * @throws IllegalArgumentException unless exactly one way of setting the items was used, or if
     *     an epoch size is set without a mix
     */
    ItemSource<?> items() {
        if (calls.size() != 1) {
            throw new IllegalArgumentException(
                    "set exactly one of setData, setDataset, setSource and addSource; called: "
                            + (calls.isEmpty() ? "none" : calls));
        }
        if (epochSize > 0 && mixed.isEmpty()) {
            throw new IllegalArgumentException("optEpochSize needs addSource");
        }
        if (data != null) {
            return new ArraySource(data, labels);
        }
        return mixed.isEmpty() ? source : MixedSource.of(mixed, mixNames, shares, epochSize);
    }
}
