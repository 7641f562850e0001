/**
 * The order in which an epoch reads its items; not public API. {@code EpochSampler} is the seeded
 * sampling: a permutation that depends only on (seed, epoch), of which each rank takes its share,
 * cut into batches. A {@code GlobalOrder} is an order whose position does not depend on the number
 * of ranks, so that a saved position resumes at any world size: {@code ShardStreaming}'s, over a
 * sharded source read shard by shard from memory, and the mix's ({@code mix.Mixing}). Each plans
 * one rank's epoch as the batches it takes and the {@code pipeline.LoaderSpec} it reads through.
 */
package dev.asyncdataset.internal.order;
