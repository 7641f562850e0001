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
 * <p>Made through {@link ItemRandom#seeded}, which the builder, {@code DatasetSource} and users'
 * own sources call.
 */
final class SeededDjlPipeline extends Pipeline {

    private final Pipeline pipeline;

    private SeededDjlPipeline(Pipeline pipeline) {
        this.pipeline = pipeline;
    }

    /** {@link ItemRandom#seeded}'s work. */
    static Pipeline seeded(Pipeline pipeline) {
        if (pipeline == null
                || pipeline instanceof SeededDjlPipeline
                || !drawsFromDjlsGenerator(pipeline)) {
            return pipeline;
        }
        return new SeededDjlPipeline(pipeline);
    }

    /** Runs the pipeline with DJL's generator seeded for the current item. */
    @Override
    public NDList transform(NDList input) {
        long itemSeed = ItemRandom.current().nextLong();
        synchronized (SeededDjlPipeline.class) {
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
            return transforms(pipeline).values().stream().anyMatch(SeededDjlPipeline::isDjlRandom);
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
