package dev.asyncdataset.internal.loose;

/**
 * Makes a source's stats of what the reads of loose objects counted: {@code SourceStats::new},
 * which this package cannot name without depending back on the sources' package.
 *
 * @param <T> the stats
 */
@FunctionalInterface
public interface ReadCounts<T> {

    /**
     * Returns the stats of these counts.
     *
     * @param retries the requests retried
     * @param cacheHits the whole reads the disk cache served
     * @param cacheMisses the whole reads the disk cache did not hold
     * @param integrityFailures the bodies that failed the store's checksum
     * @param residentBytes the bytes of whole shards held now: 0 for loose objects
     * @param peakResidentBytes the most bytes of whole shards held at once: 0 for loose objects
     * @return the stats
     */
    T of(
            long retries,
            long cacheHits,
            long cacheMisses,
            long integrityFailures,
            long residentBytes,
            long peakResidentBytes);
}
