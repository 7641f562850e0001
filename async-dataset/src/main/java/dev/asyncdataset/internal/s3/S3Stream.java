package dev.asyncdataset.internal.s3;

import dev.asyncdataset.store.ChecksumMismatch;
import java.io.IOException;
import java.io.InputStream;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * A GET's body as it streams from the response, the SDK's failures (a checksum the SDK found wrong,
 * an aborted connection) sorted as {@link S3ObjectStore#failure} sorts them. Closing before the end
 * aborts the connection, which also ends a read blocked on it from another thread.
 */
final class S3Stream extends InputStream {

    private final String url;
    private final ResponseInputStream<GetObjectResponse> response;
    private boolean ended;

    S3Stream(String url, ResponseInputStream<GetObjectResponse> response) {
        this.url = url;
        this.response = response;
    }

    @Override
    public int read() throws IOException {
        return sorted(response::read);
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        return sorted(() -> response.read(into, offset, length));
    }

    /** One read of the response, its end noted and its failures sorted. */
    private int sorted(Read read) throws IOException {
        try {
            int n = read.read();
            ended |= n < 0;
            return n;
        } catch (SdkException e) {
            throw S3ObjectStore.failure(url, e);
        } catch (IOException e) {
            throw S3Integrity.isMismatch(e) ? new ChecksumMismatch(url + ": " + e.getMessage()) : e;
        }
    }

    @FunctionalInterface
    private interface Read {
        int read() throws IOException;
    }

    @Override
    public void close() throws IOException {
        if (!ended) {
            response.abort();
        }
        response.close();
    }
}
