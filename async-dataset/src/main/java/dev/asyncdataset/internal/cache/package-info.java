/**
 * The local disk cache of fetched objects ({@code S3Source}'s {@code optCache}): {@code DiskCache}
 * stores entries under hashed names and evicts the least recently used, {@code CacheIndex} keeps
 * its bookkeeping. Not public API: {@code DiskCache} is public only for {@code S3Source}.
 */
package dev.asyncdataset.internal.cache;
