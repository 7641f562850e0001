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
 * in-memory S3Proxy store behind several servers, each adding its own latency per request and
 * optionally limiting GETs to a rate ({@link dev.asyncdataset.examples.s3.RateLimitedBlobStore}).
 * Uploads the folder once (everything under it: images, or shards with their indexes), prints
 * {@code READY {"server": "endpoint", ...}} and serves until its standard input closes. A server is
 * {@code LATENCY-MS} or {@code LATENCY-MS:GETS-PER-SECOND}, and named so. Credentials come from
 * {@code AWS_ACCESS_KEY_ID} and {@code AWS_SECRET_ACCESS_KEY}, which the loaders read too.
 *
 * <p>Usage: {@code BenchS3Servers FOLDER s3://bucket/prefix SERVER[,SERVER...] [SHARD-FOLDER
 * s3://bucket/shard-prefix]}, such as {@code data/bench s3://bench/train 0,20,100,100:200
 * data/bench-shards s3://bench/shards}.
 */
public final class BenchS3Servers {

    private BenchS3Servers() {}

    /**
     * Starts the servers, uploads, and serves until standard input closes.
     *
     * @param args the folder, the bucket URL, the servers, optionally the shard folder and URL
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
            for (String spec : args[2].split(",")) {
                String[] latencyAndRate = spec.split(":");
                EmbeddedS3Proxy server =
                        EmbeddedS3Proxy.start(
                                store,
                                Long.parseLong(latencyAndRate[0]),
                                latencyAndRate.length > 1 ? Integer.parseInt(latencyAndRate[1]) : 0,
                                credentials);
                servers.add(server);
                ready.add("\"" + spec + "\": \"" + server.connection().endpoint() + "\"");
            }
            S3Uploader.uploadFolder(servers.get(0).connection(), Path.of(args[0]), args[1]);
            if (args.length > 4) {
                S3Uploader.uploadShards(servers.get(0).connection(), Path.of(args[3]), args[4]);
            }
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
