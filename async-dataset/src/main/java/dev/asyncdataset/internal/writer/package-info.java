/**
 * The shard writer's plumbing: where it puts files ({@code ShardDestination}, a folder or prefix of
 * any {@code WritableStore}, each shard there an {@code ObjectOutput} of the store), one shard
 * being written with its index ({@code ShardOutput}), its input read ahead in order ({@code
 * OrderedFetches}) and its images re-encoded smaller on request ({@code ResizeStage}). Not public
 * API: the types are public for {@code ShardWriter}.
 */
package dev.asyncdataset.internal.writer;
