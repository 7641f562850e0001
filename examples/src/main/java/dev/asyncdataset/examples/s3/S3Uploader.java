package dev.asyncdataset.examples.s3;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Uploads an image folder ({@code class/file.jpg}) or a folder of loose sample files ({@code
 * 000001.jpg}, {@code 000001.json}) under an {@code s3://bucket/prefix}, creating the bucket if
 * needed, with several blocking PUTs in flight.
 */
public final class S3Uploader {

    private static final int PARALLEL_PUTS = 16;

    private S3Uploader() {}

    /**
     * Uploads every regular, non-hidden file two levels under {@code root}.
     *
     * @param connection where to upload
     * @param root the image folder
     * @param url the destination {@code s3://bucket/prefix}
     * @return the number of objects uploaded
     * @throws IOException if the folder cannot be read or a PUT fails
     */
    public static int uploadFolder(S3Connection connection, Path root, String url)
            throws IOException {
        return upload(connection, root, files(root, 2), url);
    }

    /**
     * Uploads every regular, non-hidden file directly in {@code root}, each to {@code prefix} plus
     * its name: the samples of {@code SampleSources.folder(root)} become those of {@code
     * SampleSources.s3(url, ...)}.
     *
     * @param connection where to upload
     * @param root the folder of loose sample files
     * @param url the destination {@code s3://bucket/prefix/}
     * @return the number of objects uploaded
     * @throws IOException if the folder cannot be read or a PUT fails
     */
    public static int uploadSamples(S3Connection connection, Path root, String url)
            throws IOException {
        return upload(connection, root, files(root, 1), url);
    }

    private static int upload(S3Connection connection, Path root, List<Path> files, String url)
            throws IOException {
        S3Url target = S3Url.parse(url);
        try (S3Client client = connection.syncClient();
                ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_PUTS)) {
            createBucket(client, target.bucket());
            List<Future<?>> puts =
                    files.stream()
                            .<Future<?>>map(
                                    file -> pool.submit(() -> put(client, target, root, file)))
                            .toList();
            awaitAll(puts, url);
        }
        return files.size();
    }

    private static void createBucket(S3Client client, String bucket) {
        if (client.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(bucket))) {
            client.createBucket(b -> b.bucket(bucket));
        }
    }

    private static void put(S3Client client, S3Url target, Path root, Path file) {
        client.putObject(
                b -> b.bucket(target.bucket()).key(target.prefix() + key(root, file)),
                RequestBody.fromFile(file));
    }

    /** The regular, non-hidden files {@code depth} levels under {@code root}, sorted. */
    private static List<Path> files(Path root, int depth) throws IOException {
        try (Stream<Path> files = Files.walk(root, depth)) {
            return files.filter(
                            p ->
                                    root.relativize(p).getNameCount() == depth
                                            && Files.isRegularFile(p))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    private static String key(Path root, Path file) {
        return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    private static void awaitAll(List<Future<?>> puts, String url) throws IOException {
        try {
            for (Future<?> put : puts) {
                put.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while uploading to " + url, e);
        } catch (ExecutionException e) {
            throw new IOException(
                    "upload to " + url + " failed: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
