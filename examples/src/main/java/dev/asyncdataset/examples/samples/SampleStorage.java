package dev.asyncdataset.examples.samples;

import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.examples.s3.S3Uploader;
import dev.asyncdataset.writer.ShardWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The storage an example's {@code main} trains from ({@code --storage}), made from a folder of
 * loose sample files with no preparation: {@code folder} reads the files as they are; {@code
 * shards} first writes them as WebDataset tar shards of {@link #SHARD_BYTES} into the folder's
 * sibling {@code NAME-shards} (rewritten identically on every run); {@code s3} starts an embedded
 * S3Proxy server and uploads them under {@code s3://samples/NAME/}, the server stopping when this
 * storage is closed.
 */
public final class SampleStorage implements AutoCloseable {

    /** The size a shard of the examples' {@code main} is closed at: a few shards per example. */
    public static final long SHARD_BYTES = 256L << 10;

    /** The HTTP connections of an S3 source, ConcurrentDataset's highest fetch limit. */
    private static final int S3_CONNECTIONS = 256;

    private final SampleSources samples;
    private final String description;
    private final AutoCloseable server;

    private SampleStorage(SampleSources samples, String description, AutoCloseable server) {
        this.samples = samples;
        this.description = description;
        this.server = server;
    }

    /**
     * Puts the loose samples of {@code root} into {@code storage}.
     *
     * @param storage {@code folder}, {@code shards} or {@code s3}
     * @param root the folder of loose sample files
     * @return the storage; the caller closes it
     * @throws Exception if the shards cannot be written, or the server cannot start or be uploaded
     *     to
     * @throws IllegalArgumentException if {@code storage} is none of those
     */
    public static SampleStorage open(String storage, Path root) throws Exception {
        Path folder = root.toAbsolutePath().normalize();
        return switch (storage) {
            case "folder" ->
                    new SampleStorage(SampleSources.folder(folder), "files in " + folder, null);
            case "shards" ->
                    shards(folder, folder.resolveSibling(folder.getFileName() + "-shards"));
            case "s3" -> s3(folder, "s3://samples/" + folder.getFileName() + "/");
            default ->
                    throw new IllegalArgumentException(
                            "--storage is folder, shards or s3, not " + storage);
        };
    }

    /**
     * Writes the loose samples of {@code root} as tar shards of about {@code shardBytes} into
     * {@code shards}, in a seeded permutation of their keys.
     *
     * @param root the folder of loose sample files
     * @param shards the folder of the shards, created if needed
     * @param shardBytes the size a shard is closed at
     * @return the shards' paths, in order
     * @throws IOException if a file cannot be read or a shard cannot be written
     */
    public static List<String> writeShards(Path root, Path shards, long shardBytes)
            throws IOException {
        return ShardWriter.builder()
                .setLocation(root.toString())
                .optSamples()
                .setOutput(shards.toString())
                .optShardBytes(shardBytes)
                .build()
                .write();
    }

    /**
     * Uploads the loose samples of {@code root} under {@code url} on {@code server} and returns
     * them as read from there.
     *
     * @param server the S3 server
     * @param root the folder of loose sample files
     * @param url the {@code s3://bucket/prefix/} to upload under
     * @return the samples under {@code url}, read with the server's endpoint and credentials
     * @throws IOException if a file cannot be read or a PUT fails
     */
    public static SampleSources upload(EmbeddedS3Proxy server, Path root, String url)
            throws IOException {
        S3Uploader.uploadSamples(server.connection(), root, url);
        return SampleSources.s3(url, server.connection().options(S3_CONNECTIONS).build());
    }

    /**
     * Returns the samples in this storage.
     *
     * @return where the example reads them from
     */
    public SampleSources samples() {
        return samples;
    }

    /**
     * Returns what the samples are read from, for a person.
     *
     * @return for example {@code 4 tar shards in data/samples/text-shards}
     */
    public String description() {
        return description;
    }

    /** Stops the embedded S3 server, if this storage started one. */
    @Override
    public void close() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static SampleStorage shards(Path root, Path shards) throws IOException {
        int count = writeShards(root, shards, SHARD_BYTES).size();
        String description = count + " tar shards in " + shards;
        return new SampleStorage(SampleSources.shards(shards.toString(), null), description, null);
    }

    private static SampleStorage s3(Path root, String url) throws Exception {
        EmbeddedS3Proxy server = EmbeddedS3Proxy.start(0);
        try {
            SampleSources samples = upload(server, root, url);
            String description = url + " on S3Proxy " + server.connection().endpoint();
            return new SampleStorage(samples, description, server);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }
}
