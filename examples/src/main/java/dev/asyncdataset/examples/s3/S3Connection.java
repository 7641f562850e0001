package dev.asyncdataset.examples.s3;

import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.store.s3.S3Options;
import dev.asyncdataset.store.s3.S3OptionsBuilder;
import java.io.IOException;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * How to reach an S3 store: AWS itself, or an S3-compatible endpoint (S3Proxy, MinIO) reached with
 * path-style URLs in region {@code us-east-1}. Credentials come from the given provider and are
 * never printed.
 *
 * @param endpoint the endpoint override, or {@code null} for AWS
 * @param credentials where credentials come from
 */
public record S3Connection(URI endpoint, AwsCredentialsProvider credentials) {

    /**
     * Connects with the AWS default credentials chain.
     *
     * @param endpoint an endpoint URL such as {@code http://127.0.0.1:9000}, or empty for AWS
     * @return the connection settings
     */
    public static S3Connection withDefaultCredentials(String endpoint) {
        URI uri = endpoint == null || endpoint.isEmpty() ? null : URI.create(endpoint);
        return new S3Connection(uri, DefaultCredentialsProvider.create());
    }

    /**
     * Creates a blocking client, as used for uploads and by the DJL-loader baseline.
     *
     * @return a new client; the caller closes it
     */
    public S3Client syncClient() {
        var builder =
                S3Client.builder()
                        .httpClient(UrlConnectionHttpClient.create())
                        .credentialsProvider(credentials);
        if (endpoint != null) {
            builder.endpointOverride(endpoint).forcePathStyle(true).region(Region.US_EAST_1);
        }
        return builder.build();
    }

    /**
     * Lists {@code url} as an ImageFolder layout and returns the library's concurrent S3 source.
     *
     * @param url the {@code s3://bucket/prefix} of the data set
     * @param maxConnections the HTTP connections, matched to the loader's fetchers
     * @return the source; the caller closes it
     * @throws IOException if the prefix cannot be listed
     */
    public LabeledImageSource source(String url, int maxConnections) throws IOException {
        return FolderSource.builder()
                .setLocation(url)
                .optStore(options(maxConnections).build())
                .build();
    }

    /**
     * Returns the store options of this connection, for the library's sources and writer.
     *
     * @param maxConnections the HTTP connections, matched to the loader's fetchers
     * @return a builder with S3's endpoint, credentials and connections set
     */
    public StoreOptionsBuilder options(int maxConnections) {
        S3OptionsBuilder s3 =
                S3Options.builder()
                        .optCredentialsProvider(credentials)
                        .optMaxConnections(maxConnections);
        if (endpoint != null) {
            s3.optEndpoint(endpoint).optPathStyle(true).optRegion(Region.US_EAST_1.id());
        }
        return StoreOptions.builder().optS3(s3.build());
    }
}
