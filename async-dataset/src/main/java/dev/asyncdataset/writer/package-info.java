/**
 * {@link dev.asyncdataset.writer.ShardWriter}: writes loose images or samples, read from any store
 * that lists, as WebDataset tar shards into any store that writes.
 */
package dev.asyncdataset.writer;
