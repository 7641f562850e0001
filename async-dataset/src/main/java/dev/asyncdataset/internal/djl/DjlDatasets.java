package dev.asyncdataset.internal.djl;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import java.lang.reflect.Field;

/** What a wrapped DJL dataset does that DJL does not expose: its pipelines, how it reads items. */
public final class DjlDatasets {

    private DjlDatasets() {}

    /**
     * Returns whether {@code dataset} is an {@code ArrayDataset} read by {@code ArrayDataset.get}:
     * rows of in-memory arrays, which a {@code get} of its own could change.
     *
     * @param dataset the wrapped dataset
     * @return whether its items are its arrays' rows
     */
    public static boolean readsRows(RandomAccessDataset dataset) {
        try {
            Class<?> getter =
                    dataset.getClass()
                            .getMethod("get", NDManager.class, long.class)
                            .getDeclaringClass();
            return getter == ArrayDataset.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("a RandomAccessDataset without get", e);
        }
    }

    /**
     * Returns the pipeline {@code name} ({@code "pipeline"} or {@code "targetPipeline"}) of {@code
     * dataset}, or {@code null}.
     *
     * @param dataset the dataset
     * @param name the field's name
     * @return the pipeline
     * @throws IllegalArgumentException if it cannot be read
     */
    public static Pipeline pipeline(RandomAccessDataset dataset, String name) {
        try {
            Field field = RandomAccessDataset.class.getDeclaredField(name);
            field.setAccessible(true);
            return (Pipeline) field.get(dataset);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "cannot read the "
                            + name
                            + " of "
                            + dataset.getClass().getSimpleName()
                            + " ("
                            + e
                            + "): build it without transforms and set them on the"
                            + " ConcurrentDataset builder (addTransform, optTargetPipeline)",
                    e);
        }
    }
}
