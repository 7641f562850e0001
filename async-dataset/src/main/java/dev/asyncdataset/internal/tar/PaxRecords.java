package dev.asyncdataset.internal.tar;

import java.nio.charset.StandardCharsets;

/** Parses pax extended headers: records {@code "<length> <key>=<value>\n"}, lengths in bytes. */
final class PaxRecords {

    private PaxRecords() {}

    /**
     * Returns the value of the {@code path} record, or null if there is none.
     *
     * @throws IllegalArgumentException if a record is malformed
     */
    static String path(byte[] data) {
        String path = null;
        int at = 0;
        while (at < data.length && data[at] != 0) {
            int space = at;
            long length = 0;
            while (space < data.length && data[space] >= '0' && data[space] <= '9') {
                length = length * 10 + (data[space++] - '0');
                if (length > data.length) {
                    throw new IllegalArgumentException("record length past the header's data");
                }
            }
            int end = at + (int) length;
            if (space == at || space >= end || data[space] != ' ' || data[end - 1] != '\n') {
                throw new IllegalArgumentException("malformed record at byte " + at);
            }
            String record = new String(data, space + 1, end - space - 2, StandardCharsets.UTF_8);
            if (record.startsWith("path=")) {
                path = record.substring("path=".length());
            }
            at = end;
        }
        return path;
    }
}
