package dev.asyncdataset.internal.tar;

/**
 * One member of a tar shard, as its headers (or the sidecar index) describe it.
 *
 * @param name the member's path inside the archive (long names resolved)
 * @param offset where the member's data starts in the shard, in bytes
 * @param size the length of the member's data in bytes
 * @param problem why the member cannot be used (a link, a device, an unsafe name, no data), or
 *     {@code null} for a usable regular file
 * @param crc32c the CRC32C of the member's data when it was written ({@link MemberChecks}), or
 *     {@code null} when unknown: read from the tar headers, or from an index without CRCs
 */
public record TarMember(String name, long offset, long size, String problem, Integer crc32c) {

    /** A member whose CRC is unknown, as the tar headers describe it. */
    public TarMember(String name, long offset, long size, String problem) {
        this(name, offset, size, problem, null);
    }
}
