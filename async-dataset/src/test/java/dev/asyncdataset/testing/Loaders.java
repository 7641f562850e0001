package dev.asyncdataset.testing;

import dev.asyncdataset.internal.pipeline.Loader;
import dev.asyncdataset.internal.threads.StageThreads;

/** The leak check of the loader tests, for {@link Poll#until}. */
public final class Loaders {

    private Loaders() {}

    /**
     * Whether no loader thread runs and every loader freed its host arrays, after a garbage
     * collection (which frees the epochs left unreachable).
     */
    public static boolean releasedAfterGc() {
        System.gc();
        return StageThreads.live() == 0 && Loader.open() == 0;
    }
}
