/**
 * The library's engine; not public API. It holds no class of its own, only packages, each named for
 * its job (the drawing of one epoch is in the {@code dev.asyncdataset} package documentation):
 *
 * <ul>
 *   <li>{@code epochs}: the epochs of one dataset across its {@code getData} calls, each as DJL
 *       iterates it, and which of them are still live.
 *   <li>{@code order}: the order of an epoch: the seeded sampler, and the global orders, whose
 *       position resumes at any world size, of streamed shards and (in {@code mix}) of a mix.
 *   <li>{@code mix}: several sources mixed as one, and each rank's epoch of the mix.
 *   <li>{@code pipeline}: the loader of one epoch: its stages, how its batches are assembled, its
 *       host buffers and counters.
 *   <li>{@code threads} and {@code events}: the counted threads and the JDK Flight Recorder events,
 *       used by the loader and the storage alike.
 *   <li>{@code io}, {@code s3}, {@code http}, {@code cache}, {@code shard}, {@code tar}, {@code
 *       writer}, {@code items}, and {@code store} (the table of stores by scheme): the storage the
 *       sources and the shard writer read and write through.
 * </ul>
 *
 * <p>Each imports only those below it: {@code epochs} imports {@code order} and {@code pipeline},
 * {@code mix} imports {@code order} and {@code pipeline}, {@code order} imports {@code pipeline}
 * (whose {@code LoaderSpec} an epoch's order reads through), and {@code pipeline} none of them. Of
 * the library's API they import only the leaf packages: the contracts of {@code
 * dev.asyncdataset.source} (never a source's own package), {@code decode}, {@code sample}, {@code
 * store} and {@code epoch}, whose {@code DataLoadingException}, {@code LoaderStats} and {@code
 * IterationState} the loader creates itself. Nothing imports {@code dev.asyncdataset}, and no
 * package under {@code internal} imports a package of {@code source} ({@code PackageCyclesTest}
 * checks both, and that packages form no cycle, with {@code jdeps}).
 */
package dev.asyncdataset.internal;
