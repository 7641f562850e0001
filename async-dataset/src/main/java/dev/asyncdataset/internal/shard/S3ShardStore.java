package dev.asyncdataset.internal.shard;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.ResumingGet;
import dev.asyncdataset.internal.s3.S3Clients;
import dev.asyncdataset.internal.s3.S3Errors;
import dev.asyncdataset.internal.s3.S3Listing;
import dev.asyncdataset.internal.s3.S3Reader;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * Tar shards in an S3 bucket: the {@code .tar} keys directly under a prefix, or the keys a brace
 * pattern names. The prefix is listed once, which gives every shard's length and tells which
 * sidecar indexes and which classes file exist. An item is one ranged GET; a whole shard is one GET
 * resumed by ranged GETs after a failure midway ({@link ResumingGet}). Every request is retried
 * within the settings' retry budget; one that outlasts it is a {@link BadItemException} naming the
 * object.
 */
public final class S3ShardStore implements ShardStore {

    private final S3Clients clients;
    private final BucketPrefix location;
    private final S3Reader reader;
    private final Retrier retrier;
    private final List<String> keys;
    private final long[] lengths;
    private final Map<String, Long> listed;

    private S3ShardStore(
            S3Clients clients,
            BucketPrefix location,
            S3Reader reader,
            Retrier retrier,
            List<String> keys,
            Map<String, Long> listed) {
        this.clients = clients;
        this.location = location;
        this.reader = reader;
        this.retrier = retrier;
        this.keys = keys;
        this.listed = listed;
        this.lengths = keys.stream().mapToLong(listed::get).toArray();
    }

    /**
     * Lists the shards at {@code location}: all {@code .tar} keys under its prefix in name order,
     * or the {@code s3://} URLs {@code urls} names (null for all), each of which must exist there.
     *
     * @param s3 the client, retries, timeouts and checksums
     */
    public static S3ShardStore open(S3Settings s3, BucketPrefix location, List<String> urls)
            throws IOException {
        S3Clients clients = s3.clients();
        try {
            Retrier retrier = s3.retrier();
            Map<String, Long> listed = list(clients.async(), location, retrier, s3.pageTimeout());
            List<String> keys = shardKeys(location, urls, listed);
            return new S3ShardStore(
                    clients, location, s3.reader(clients, location), retrier, keys, listed);
        } catch (IOException | RuntimeException e) {
            clients.close();
            throw e;
        }
    }

    private static Map<String, Long> list(
            S3AsyncClient client, BucketPrefix location, Retrier retrier, Duration pageTimeout)
            throws IOException {
        Map<String, Long> listed = new TreeMap<>();
        try {
            S3Listing.forEach(
                    client,
                    location,
                    retrier,
                    pageTimeout,
                    page -> page.forEach(o -> listed.put(o.key(), o.size())));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("cannot list " + location.url(location.prefix()), e);
        }
        return listed;
    }

    private static List<String> shardKeys(
            BucketPrefix location, List<String> urls, Map<String, Long> listed) {
        String prefix = location.prefix();
        List<String> keys = new ArrayList<>();
        if (urls == null) {
            for (String key : listed.keySet()) {
                if (key.endsWith(".tar") && key.indexOf('/', prefix.length()) < 0) {
                    keys.add(key);
                }
            }
        } else {
            String bucket = location.url("");
            for (String url : urls) {
                String key = url.startsWith(bucket) ? url.substring(bucket.length()) : null;
                if (key == null || !listed.containsKey(key)) {
                    throw new IllegalArgumentException("no shard " + url);
                }
                keys.add(key);
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException(location.url(prefix) + " holds no .tar shard");
        }
        return keys;
    }

    @Override
    public List<String> names() {
        return keys.stream().map(location::url).toList();
    }

    @Override
    public long length(int shard) {
        return lengths[shard];
    }

    /**
     * One ranged GET per attempt; bytes failing {@code check} are a transient failure ({@link
     * S3Errors#isTransient}), retried as a flipped bit on the wire should be.
     */
    @Override
    public byte[] read(int shard, long offset, int length, BytesCheck check) throws IOException {
        String key = keys.get(shard);
        return badWhenGivenUp(
                key,
                () ->
                        retrier.call(
                                key,
                                () -> {
                                    byte[] bytes = reader.getRange(key, offset, length);
                                    check.verify(bytes);
                                    return bytes;
                                }));
    }

    @Override
    public int readShard(int shard, byte[] into) throws IOException {
        String key = keys.get(shard);
        if (lengths[shard] > into.length) {
            throw new BadItemException(
                    location.url(key), lengths[shard] + " bytes, over 2 GiB", null);
        }
        int length = (int) lengths[shard];
        badWhenGivenUp(
                key,
                () -> {
                    ResumingGet.read(reader, retrier, location, key, into, length);
                    return into;
                });
        return length;
    }

    @Override
    public byte[] sidecar(int shard, BytesCheck check) throws IOException {
        return object(keys.get(shard) + ShardIndexFile.SUFFIX, check);
    }

    @Override
    public List<String> classes() throws IOException {
        byte[] text = object(location.prefix() + CLASSES_FILE, bytes -> {});
        return text == null ? List.of() : new String(text, StandardCharsets.UTF_8).lines().toList();
    }

    /**
     * A small object listed beside the shards, or null if the listing did not show it; bytes
     * failing {@code check} are read again.
     */
    private byte[] object(String key, BytesCheck check) throws IOException {
        return listed.containsKey(key)
                ? badWhenGivenUp(key, () -> retrier.call(key, () -> checked(key, check)))
                : null;
    }

    private byte[] checked(String key, BytesCheck check) throws Exception {
        byte[] bytes = reader.get(key);
        check.verify(bytes);
        return bytes;
    }

    /** Runs a retried {@code read}; one still failing when the budget is spent is bad. */
    private byte[] badWhenGivenUp(String key, Callable<byte[]> read) throws IOException {
        return GivenUp.badItem(location.url(key), read);
    }

    @Override
    public long retries() {
        return retrier.retryCount();
    }

    @Override
    public long integrityFailures() {
        return reader.integrityFailures();
    }

    @Override
    public void close() {
        clients.close();
    }
}
