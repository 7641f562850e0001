package dev.asyncdataset.examples.bench;

import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.examples.s3.S3Uploader;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;

/**
 * The benchmark's remote storage, in its own process so that loaders are measured without it: one
 * in-memory S3Proxy store behind several servers, each adding its own latency per request. Uploads
 * the folder once, prints {@code READY {"latency-ms": "endpoint", ...}} and serves until its
 * standard input closes. Credentials come from {@code AWS_ACCESS_KEY_ID} and {@code
 * AWS_SECRET_ACCESS_KEY}, which the loaders read too.
 *
 * <p>Usage: {@code BenchS3Servers FOLDER s3://bucket/prefix LATENCY-MS[,LATENCY-MS...]}.
 */
public final class BenchS3Servers {

    private BenchS3Servers() {}

    /**
     * Starts the servers, uploads, and serves until standard input closes.
     *
     * @param args the folder, the bucket URL and the latencies
     * @throws Exception if a server cannot start or the upload fails
     */
    public static void main(String[] args) throws Exception {
        AwsBasicCredentials credentials =
                AwsBasicCredentials.create(
                        System.getenv("AWS_ACCESS_KEY_ID"), System.getenv("AWS_SECRET_ACCESS_KEY"));
        TransientNio2BlobStore store = new TransientNio2BlobStore();
        List<EmbeddedS3Proxy> servers = new ArrayList<>();
        StringJoiner ready = new StringJoiner(", ", "READY {", "}");
        try {
            for (String latency : args[2].split(",")) {
                EmbeddedS3Proxy server =
                        EmbeddedS3Proxy.start(store, Long.parseLong(latency), credentials);
                servers.add(server);
                ready.add("\"" + latency + "\": \"" + server.connection().endpoint() + "\"");
            }
            S3Uploader.uploadFolder(servers.get(0).connection(), Path.of(args[0]), args[1]);
            System.out.println(ready);
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream());
        } finally {
            for (EmbeddedS3Proxy server : servers) {
                server.close();
            }
        }
        System.exit(0);
    }
}
