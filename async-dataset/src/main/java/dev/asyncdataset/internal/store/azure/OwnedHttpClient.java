package dev.asyncdataset.internal.store.azure;

import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.InetAddress;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The builder of the JDK client the SDK's adapter builds, keeping the client so that the store can
 * shut it down: the adapter gives no way to close it, and its threads would otherwise outlive the
 * store until the client is collected. HTTP/1.1, as Blob Storage speaks.
 */
final class OwnedHttpClient implements HttpClient.Builder {

    private final HttpClient.Builder builder =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
    private HttpClient client;

    /** The client built, or null before the adapter builds it. */
    synchronized HttpClient client() {
        return client;
    }

    @Override
    public synchronized HttpClient build() {
        client = builder.build();
        return client;
    }

    @Override
    public HttpClient.Builder cookieHandler(CookieHandler handler) {
        builder.cookieHandler(handler);
        return this;
    }

    @Override
    public HttpClient.Builder connectTimeout(Duration duration) {
        builder.connectTimeout(duration);
        return this;
    }

    @Override
    public HttpClient.Builder sslContext(SSLContext context) {
        builder.sslContext(context);
        return this;
    }

    @Override
    public HttpClient.Builder sslParameters(SSLParameters parameters) {
        builder.sslParameters(parameters);
        return this;
    }

    @Override
    public HttpClient.Builder executor(Executor executor) {
        builder.executor(executor);
        return this;
    }

    @Override
    public HttpClient.Builder followRedirects(HttpClient.Redirect policy) {
        builder.followRedirects(policy);
        return this;
    }

    @Override
    public HttpClient.Builder version(HttpClient.Version version) {
        builder.version(version);
        return this;
    }

    @Override
    public HttpClient.Builder priority(int priority) {
        builder.priority(priority);
        return this;
    }

    @Override
    public HttpClient.Builder proxy(ProxySelector selector) {
        builder.proxy(selector);
        return this;
    }

    @Override
    public HttpClient.Builder authenticator(Authenticator authenticator) {
        builder.authenticator(authenticator);
        return this;
    }

    @Override
    public HttpClient.Builder localAddress(InetAddress address) {
        builder.localAddress(address);
        return this;
    }
}
