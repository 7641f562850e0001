/**
 * The local disk cache of fetched objects ({@code optCache} of {@code S3Source}, {@code
 * StoreImageSource} and {@code TarShardSource}, checked by {@code CacheOption}): {@code DiskCache}
 * stores entries under hashed names and evicts the least recently used, {@code CacheIndex} keeps
 * its bookkeeping; {@code CachingStore} puts it in front of a remote store's whole reads, each
 * entry a {@code CacheEntry} checked by its CRC32C. Not public API.
 */
package dev.asyncdataset.internal.cache;
