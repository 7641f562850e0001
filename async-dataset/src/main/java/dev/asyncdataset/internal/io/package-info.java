/**
 * What the S3 client layer, the tar format and the shard stores share without depending on each
 * other: {@code ByteRanges} (reading byte ranges of one stored object) and {@code
 * IntegrityException} (bytes that differ from their checksum, whichever checksum found it). Not
 * public API.
 */
package dev.asyncdataset.internal.io;
