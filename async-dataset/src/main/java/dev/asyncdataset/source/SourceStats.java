package dev.asyncdataset.source;

/**
 * What an {@link ItemSource} counted since it was created, as {@link ItemSource#stats()} reports
 * it; each count is 0 for a source that does not do what it counts.
 *
 * @param retries storage requests the source retried
 * @param cacheHits items the source served from a local cache
 * @param cacheMisses items the source looked up in its local cache and did not find
 * @param integrityFailures fetched bodies that failed the store's checksum (each is retried)
 * @param residentBytes bytes of shards (whole or in pieces) the source holds in memory now, for a
 *     streamed {@link ShardedSource}
 * @param peakResidentBytes the most bytes of shards the source held in memory at once, for a
 *     streamed {@link ShardedSource}
 */
public record SourceStats(
        long retries,
        long cacheHits,
        long cacheMisses,
        long integrityFailures,
        long residentBytes,
        long peakResidentBytes) {

    /** The counts of a source that neither retries, caches, checks nor streams shards. */
    public static final SourceStats ZERO = new SourceStats(0, 0, 0, 0, 0, 0);
}
