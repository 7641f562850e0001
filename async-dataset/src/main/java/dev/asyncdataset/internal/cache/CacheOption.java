package dev.asyncdataset.internal.cache;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A source builder's {@code optCache} setting, checked when it is given: the directory of a {@link
 * DiskCache} and the bound on the bytes it stores.
 *
 * @param dir the cache directory, created if needed when the cache is opened
 * @param maxBytes the bound on the bytes stored, at least 1
 */
public record CacheOption(Path dir, long maxBytes) {

    /**
     * Checks the setting.
     *
     * @throws IllegalArgumentException if {@code maxBytes} is below 1
     */
    public CacheOption {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("cache maxBytes < 1: " + maxBytes);
        }
        Objects.requireNonNull(dir, "dir");
    }

    /**
     * Opens the cache of the setting.
     *
     * @return the cache
     * @throws IOException if the directory cannot be created or read
     */
    public DiskCache open() throws IOException {
        return new DiskCache(dir, maxBytes);
    }
}
