package dev.asyncdataset.examples.bench;

import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.s3.S3Uploader;
import dev.asyncdataset.writer.ShardWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;

/**
 * The benchmark's remote storage, in its own process so that loaders are measured without it: one
 * in-memory S3Proxy store behind several servers, each adding its own latency per request and
 * optionally limiting GETs to a rate ({@link dev.asyncdataset.examples.s3.RateLimitedBlobStore}).
 * Uploads the image folder once and, if a shard URL is given, writes the folder there as tar shards
 * with {@link ShardWriter} (one multipart upload per shard, as the library's users put shards on
 * S3) and, if a Parquet folder is given, uploads its files under the Parquet prefix; prints {@code
 * READY {"server": "endpoint", ...}} and serves until its standard input closes, answering each
 * {@code COUNTS} line there with {@code COUNTS {"server": {"gets": n, "bytes": n, "slow_downs": n},
 * ...}}: the GETs each server has served, their bytes and the GETs it refused with 503 SlowDown. A
 * server is {@code LATENCY-MS} or {@code LATENCY-MS:GETS-PER-SECOND}, and named so. Credentials
 * come from {@code AWS_ACCESS_KEY_ID} and {@code AWS_SECRET_ACCESS_KEY}, which the loaders read
 * too.
 *
 * <p>Usage: {@code BenchS3Servers FOLDER s3://bucket/prefix SERVER[,SERVER...]
 * [s3://bucket/shard-prefix SHARD-MB [PARQUET-FOLDER s3://bucket/parquet-prefix/]]}, such as {@code
 * data/bench s3://bench/train 0,20,100,100:200 s3://bench/shards 32}.
 */
public final class BenchS3Servers {

    private BenchS3Servers() {}

    /**
     * Starts the servers, uploads, and serves until standard input closes.
     *
     * @param args the folder, the bucket URL, the servers, optionally the shard URL and size in MB
     *     and then a folder of Parquet files and the prefix to upload them to
     * @throws Exception if a server cannot start or the upload fails
     */
    public static void main(String[] args) throws Exception {
        AwsBasicCredentials credentials =
                AwsBasicCredentials.create(
                        System.getenv("AWS_ACCESS_KEY_ID"), System.getenv("AWS_SECRET_ACCESS_KEY"));
        TransientNio2BlobStore store = new TransientNio2BlobStore();
        Map<String, EmbeddedS3Proxy> servers = new LinkedHashMap<>();
        try {
            for (String spec : args[2].split(",")) {
                String[] latencyAndRate = spec.split(":");
                servers.put(
                        spec,
                        EmbeddedS3Proxy.start(
                                store,
                                Long.parseLong(latencyAndRate[0]),
                                latencyAndRate.length > 1 ? Integer.parseInt(latencyAndRate[1]) : 0,
                                credentials));
            }
            S3Connection first = servers.values().iterator().next().connection();
            S3Uploader.uploadFolder(first, Path.of(args[0]), args[1]);
            if (args.length > 3) {
                ShardWriter.builder()
                        .setLocation(Path.of(args[0]).toString())
                        .setOutput(args[3])
                        .optStore(first.options(1).build())
                        .optShardBytes(Long.parseLong(args[4]) << 20)
                        .build()
                        .write();
            }
            if (args.length > 5) {
                S3Uploader.uploadSamples(first, Path.of(args[5]), args[6]);
            }
            print("READY", servers, s -> "\"" + s.connection().endpoint() + "\"");
            serve(servers);
        } finally {
            for (EmbeddedS3Proxy server : servers.values()) {
                server.close();
            }
        }
        System.exit(0);
    }

    /** Answers each {@code COUNTS} line on standard input until it closes. */
    private static void serve(Map<String, EmbeddedS3Proxy> servers) throws IOException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals("COUNTS")) {
                print(
                        "COUNTS",
                        servers,
                        s ->
                                String.format(
                                        Locale.ROOT,
                                        "{\"gets\": %d, \"bytes\": %d, \"slow_downs\": %d}",
                                        s.gets().served(),
                                        s.gets().bytesServed(),
                                        s.gets().slowDowns()));
            }
        }
    }

    private static void print(
            String tag,
            Map<String, EmbeddedS3Proxy> servers,
            Function<EmbeddedS3Proxy, String> value) {
        StringJoiner line = new StringJoiner(", ", tag + " {", "}");
        servers.forEach((spec, server) -> line.add("\"" + spec + "\": " + value.apply(server)));
        System.out.println(line);
        System.out.flush();
    }
}
