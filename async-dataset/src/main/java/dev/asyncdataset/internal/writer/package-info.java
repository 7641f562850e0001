/**
 * The shard writer's plumbing: where it puts files ({@code ShardDestination}, a folder's {@code
 * FolderShardDestination} or an S3 prefix's {@code S3ShardDestination}, each shard there a {@code
 * S3MultipartUpload} fed by a {@code PartStream}), one shard being written with its index ({@code
 * ShardOutput}), its input read ahead in order ({@code OrderedFetches}) and its images re-encoded
 * smaller on request ({@code ResizeStage}). Not public API: the types are public for {@code
 * ShardWriter}.
 */
package dev.asyncdataset.internal.writer;
