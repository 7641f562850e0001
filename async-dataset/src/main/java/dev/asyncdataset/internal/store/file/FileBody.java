package dev.asyncdataset.internal.store.file;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Bytes {@code [position, end)} of a file as a stream of positioned reads straight into the
 * caller's array, each one read of the channel; closing closes the channel.
 */
final class FileBody extends InputStream {

    private final FileChannel channel;
    private final long end;
    private long position;

    FileBody(FileChannel channel, long position, long end) {
        this.channel = channel;
        this.position = position;
        this.end = end;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (position >= end) {
            return -1;
        }
        int asked = (int) Math.min(length, end - position);
        int n = channel.read(ByteBuffer.wrap(into, offset, asked), position);
        if (n > 0) {
            position += n;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
