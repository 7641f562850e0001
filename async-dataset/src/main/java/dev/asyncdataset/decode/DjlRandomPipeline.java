package dev.asyncdataset.decode;

import ai.djl.translate.Pipeline;

/**
 * Makes a DJL pipeline holding DJL's random transforms reproducible.
 *
 * @deprecated call {@link ItemRandom#seeded(Pipeline)}; this class goes in the next release
 */
@Deprecated(forRemoval = true)
public final class DjlRandomPipeline {

    private DjlRandomPipeline() {}

    /**
     * Returns {@code pipeline} made reproducible if it holds DJL's random transforms, else itself.
     *
     * @param pipeline the pipeline, or {@code null}
     * @return the pipeline to run, or {@code null} if {@code pipeline} is
     * @deprecated call {@link ItemRandom#seeded(Pipeline)}
     */
    @Deprecated(forRemoval = true)
    public static Pipeline seeded(Pipeline pipeline) {
        return ItemRandom.seeded(pipeline);
    }
}
