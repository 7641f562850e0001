package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.apache.ApacheHttpClient;

class HeadersCallTest {

    /** A server that accepts and never answers: the limit aborts the wait, not the socket's. */
    @Test
    void noHeadersWithinTheLimitIsTheAttemptTimeoutAndTheStoreSaysSocketTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                SdkHttpClient http =
                        ApacheHttpClient.builder().socketTimeout(Duration.ofMinutes(5)).build()) {
            Thread.ofVirtual().start(() -> acceptAndHold(silent));
            long start = System.nanoTime();
            ApiCallAttemptTimeoutException e =
                    assertThrows(
                            ApiCallAttemptTimeoutException.class,
                            () -> HeadersCall.send(get(http, silent), Duration.ofMillis(300)));
            assertTrue(System.nanoTime() - start < Duration.ofMinutes(1).toNanos());
            assertInstanceOf(SocketTimeoutException.class, S3ObjectStore.failure("s3://b/k", e));
        }
    }

    /** A refused connection is an I/O failure of the SDK's kind, which the store retries. */
    @Test
    void aRefusedConnectionIsATransientClientFailure() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        try (SdkHttpClient http = ApacheHttpClient.create()) {
            SdkClientException e =
                    assertThrows(
                            SdkClientException.class,
                            () -> HeadersCall.send(get(http, port), Duration.ofSeconds(30)));
            assertTrue(S3Errors.isTransient(e), e.toString());
        }
    }

    private static ExecutableHttpRequest get(SdkHttpClient http, ServerSocket server) {
        return get(http, server.getLocalPort());
    }

    private static ExecutableHttpRequest get(SdkHttpClient http, int port) {
        SdkHttpRequest request =
                SdkHttpRequest.builder()
                        .method(SdkHttpMethod.GET)
                        .uri(URI.create("http://127.0.0.1:" + port + "/b/k"))
                        .build();
        return http.prepareRequest(HttpExecuteRequest.builder().request(request).build());
    }

    private static void acceptAndHold(ServerSocket server) {
        try (Socket held = server.accept()) {
            held.getInputStream().transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // the test ended and closed the server
        }
    }
}
