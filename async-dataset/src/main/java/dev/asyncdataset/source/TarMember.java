package dev.asyncdataset.source;

/**
 * One member of a tar shard, as its headers describe it.
 *
 * @param name the member's path inside the archive (long names resolved)
 * @param offset where the member's data starts in the shard, in bytes
 * @param size the length of the member's data in bytes
 * @param problem why the member cannot be used (a link, a device, an unsafe name, no data), or
 *     {@code null} for a usable regular file
 */
record TarMember(String name, long offset, long size, String problem) {}
