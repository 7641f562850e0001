/**
 * The local disk cache of fetched objects ({@code S3Source}'s {@code optCache}): {@code DiskCache}
 * stores entries under hashed names and evicts the least recently used, {@code CacheIndex} keeps
 * its bookkeeping. Not public API: the types are public only for {@code dev.asyncdataset.source}.
 */
package dev.asyncdataset.internal.cache;
