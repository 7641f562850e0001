/**
 * JSON Lines files in any store, plain, gzip or Zstandard, each record a sample of its fields
 * ({@link dev.asyncdataset.source.jsonl.JsonLinesSource}), streamed file by file as tar shards are
 * or read by random access.
 */
package dev.asyncdataset.source.jsonl;
