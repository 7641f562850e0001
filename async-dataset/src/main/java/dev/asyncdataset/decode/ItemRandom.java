package dev.asyncdataset.decode;

import ai.djl.translate.Pipeline;
import dev.asyncdataset.internal.decode.ItemSeeds;
import java.util.Random;

/**
 * The random generator of the item being decoded, seeded by (seed, epoch, index).
 *
 * <p>Random transforms must draw from {@link #current()}, never from a shared generator: the decode
 * stage handles items on several threads in whatever order they arrive, and only a per-item
 * generator makes augmentation the same for a given seed whatever the concurrency. The loader
 * installs the generator around each item's decode and pipeline; outside the loader (for example in
 * {@code ConcurrentDataset.get}) a generator seeded by the index is used.
 */
public final class ItemRandom {

    private ItemRandom() {}

    /**
     * Returns the generator of the item being decoded on this thread.
     *
     * @return the current item's generator; never {@code null}
     */
    public static Random current() {
        Random random = ItemSeeds.current();
        return random != null ? random : new Random();
    }

    /**
     * Returns {@code pipeline} made to depend only on (seed, epoch, index) if it holds DJL's random
     * transforms ({@code RandomResizedCrop}, {@code RandomFlipLeftRight}, ...), else itself. Those
     * draw from DJL's one shared generator, which concurrent items would take turns on in whatever
     * order they run; the pipeline returned reseeds it from {@link #current()} around each run, and
     * runs of such pipelines are serialised (one lock), so this library's own random transforms,
     * which need no lock, are faster on several cores. A pipeline whose transforms cannot be read
     * is treated as holding some. The loader applies it to its item pipeline; a source of your own
     * whose {@code decode} runs a DJL pipeline wraps it with this.
     *
     * @param pipeline the pipeline, or {@code null}
     * @return the pipeline to run, or {@code null} if {@code pipeline} is
     */
    public static Pipeline seeded(Pipeline pipeline) {
        return SeededDjlPipeline.seeded(pipeline);
    }

    /**
     * Derives one well-spread 64-bit seed from (seed, epoch, index), the seed of the item's
     * generator.
     *
     * @param seed the loader's seed
     * @param epoch the epoch
     * @param index the item index
     * @return the item's seed
     */
    public static long mix(long seed, long epoch, long index) {
        return ItemSeeds.mix(seed, epoch, index);
    }
}
