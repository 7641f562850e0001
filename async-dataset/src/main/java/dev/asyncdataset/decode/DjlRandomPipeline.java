package dev.asyncdataset.decode;

import ai.djl.ndarray.NDList;
import ai.djl.translate.Pipeline;
import ai.djl.translate.Transform;
import ai.djl.util.PairList;
import ai.djl.util.RandomUtils;
import java.lang.reflect.Field;

/**
 * A DJL {@link Pipeline} holding DJL's random transforms ({@code RandomResizedCrop}, {@code
 * RandomFlipLeftRight}, ...), made to depend only on (seed, epoch, index). Those transforms draw
 * from DJL's one shared generator, {@link RandomUtils#RANDOM}, which the loader's concurrent items
 * would otherwise take turns on in whatever order they run. Around each item's run, this pipeline
 * reseeds that generator from the item's own generator ({@link ItemRandom#current()}), then gives
 * it back a state that depends only on how many items ran. Runs of such pipelines are serialised
 * (one lock), so this library's own transforms ({@link RandomResizedCrop}, {@link
 * RandomHorizontalFlip}), which need no lock, are faster on several cores.
 *
 * <p>The builder wraps its per-item pipeline with it, and {@code DatasetSource} the pipeline of the
 * dataset it wraps; a source of your own whose {@code decode} runs a DJL pipeline wraps it the same
 * way, with {@link #seeded}. It is public because sources, in {@code dev.asyncdataset.source} and
 * your own packages, use it.
 */
public final class DjlRandomPipeline extends Pipeline {

    private final Pipeline pipeline;

    private DjlRandomPipeline(Pipeline pipeline) {
        this.pipeline = pipeline;
    }

    /**
     * Returns {@code pipeline} made reproducible if it holds DJL's random transforms, else itself.
     * A pipeline whose transforms cannot be read is treated as holding some.
     *
     * @param pipeline the pipeline, or {@code null}
     * @return the pipeline to run, or {@code null} if {@code pipeline} is
     */
    public static Pipeline seeded(Pipeline pipeline) {
        if (pipeline == null
                || pipeline instanceof DjlRandomPipeline
                || !drawsFromDjlsGenerator(pipeline)) {
            return pipeline;
        }
        return new DjlRandomPipeline(pipeline);
    }

    /** Runs the pipeline with DJL's generator seeded for the current item. */
    @Override
    public NDList transform(NDList input) {
        long itemSeed = ItemRandom.current().nextLong();
        synchronized (DjlRandomPipeline.class) {
            long after = RandomUtils.RANDOM.nextLong();
            RandomUtils.RANDOM.setSeed(itemSeed);
            try {
                return pipeline.transform(input);
            } finally {
                RandomUtils.RANDOM.setSeed(after);
            }
        }
    }

    private static boolean drawsFromDjlsGenerator(Pipeline pipeline) {
        try {
            return transforms(pipeline).values().stream().anyMatch(DjlRandomPipeline::isDjlRandom);
        } catch (ReflectiveOperationException | RuntimeException unreadable) {
            return true;
        }
    }

    /** The transforms of {@code pipeline}, which DJL does not expose. */
    static PairList<?, ?> transforms(Pipeline pipeline) throws ReflectiveOperationException {
        Field field = Pipeline.class.getDeclaredField("transforms");
        field.setAccessible(true);
        return (PairList<?, ?>) field.get(pipeline);
    }

    private static boolean isDjlRandom(Object transform) {
        Class<?> type = transform.getClass();
        return transform instanceof Transform
                && type.getName().startsWith("ai.djl.")
                && type.getSimpleName().startsWith("Random");
    }
}
