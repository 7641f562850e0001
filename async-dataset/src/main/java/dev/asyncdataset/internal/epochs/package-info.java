/**
 * The epochs of one dataset; not public API. {@code DatasetEpochs} keeps them across the dataset's
 * {@code getData} calls (the next epoch's number, where a resumed run starts, the current epoch's
 * counters and source) and starts each as an {@code EpochIterator}, the epoch as DJL iterates it.
 * Each epoch's {@code pipeline.Loader} belongs to its {@code EpochLoader}, which closes it once, at
 * the epoch's end, on {@code close()}, when {@code LiveEpochs} evicts it for an epoch beyond the
 * dataset's cap of live epochs, or when the cleaner finds its iterator unreachable; with the loader
 * it closes the source that belongs to that epoch alone (a streamed view of shards, a mix's epoch,
 * a random-access epoch's view of a source that keeps one: {@code
 * internal.shard.RandomAccessEpochs}).
 */
package dev.asyncdataset.internal.epochs;
