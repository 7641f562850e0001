/**
 * What the S3 client layer, the tar format and the shard stores share without depending on each
 * other: {@code ByteRanges} (reading byte ranges of one stored object), {@code IntegrityException}
 * (bytes that differ from their checksum, whichever checksum found it), {@code Retrier} (the retry
 * budget every store's requests run under), {@code Requests} (a write's request run under it) and
 * {@code TlsProbe} (a TLS handshake of its own, to tell a plain-HTTP port behind a closed
 * connection). Not public API.
 */
package dev.asyncdataset.internal.io;
