/**
 * The WebDataset tar format: reading a shard's headers ({@code TarIndex}, {@code TarHeader}, {@code
 * PaxRecords}) and grouping its members into samples ({@code ShardSamples}, {@code ShardSample},
 * {@code TarMember}), the sidecar index ({@code ShardIndexFile}) and the CRC32C of each member
 * ({@code MemberChecks}), and writing archives ({@code TarWriter}). No I/O of its own: bytes come
 * through {@code ByteRanges} and go to an output stream. Not public API: the types are public for
 * the sources and the shard stores and writers.
 */
package dev.asyncdataset.internal.tar;
