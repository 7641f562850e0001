package dev.asyncdataset.internal.pipeline;

import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import java.lang.reflect.Field;

/** Reads a DJL dataset's pipelines, which DJL keeps in protected fields with no getter. */
public final class DatasetPipelines {

    private DatasetPipelines() {}

    /**
     * Returns the pipeline {@code name} ({@code "pipeline"} or {@code "targetPipeline"}) of {@code
     * dataset}, or {@code null}.
     *
     * @param dataset the dataset
     * @param name the field's name
     * @return the pipeline
     * @throws IllegalArgumentException if it cannot be read
     */
    public static Pipeline of(RandomAccessDataset dataset, String name) {
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
