package dev.asyncdataset.internal.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Reads byte ranges of one stored object: a file, or an S3 object through ranged GETs. */
public interface ByteRanges {

    /**
     * Reads exactly {@code length} bytes from {@code offset}.
     *
     * @throws java.io.EOFException if the object ends first
     * @throws IOException if the storage fails
     */
    byte[] read(long offset, int length) throws IOException;

    /** Reads ranges of a local file with positioned reads; thread-safe. */
    static byte[] readFile(FileChannel channel, long offset, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new java.io.EOFException(
                        "ends before byte "
                                + (offset + length)
                                + " ("
                                + channel.size()
                                + " bytes)");
            }
        }
        return buffer.array();
    }

    /** Opens {@code file} for positioned reads. */
    static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.READ);
    }
}
