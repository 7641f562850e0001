package dev.asyncdataset.internal.loose;

/**
 * What the reads of loose objects counted, for a source's stats.
 *
 * @param retries the requests retried
 * @param cacheHits the whole reads the disk cache served
 * @param cacheMisses the whole reads the disk cache did not hold
 * @param integrityFailures the bodies that failed the store's checksum
 */
public record ReadCounts(long retries, long cacheHits, long cacheMisses, long integrityFailures) {}
