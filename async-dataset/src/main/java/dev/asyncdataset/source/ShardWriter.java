package dev.asyncdataset.source;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.Shuffle;
import dev.asyncdataset.internal.writer.FolderShardDestination;
import dev.asyncdataset.internal.writer.OrderedFetches;
import dev.asyncdataset.internal.writer.S3ShardDestination;
import dev.asyncdataset.internal.writer.ShardDestination;
import dev.asyncdataset.internal.writer.ShardOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns images ({@code <class>/<file>} in a folder or under an {@code s3://} prefix, listed as
 * {@link ImageFolderSource} and {@link S3Source} list them: same classes and labels; or the items
 * of an {@link S3SourceBuilder#optManifest manifest}) into WebDataset tar shards of about a target
 * size, in a local folder or under an {@code s3://} prefix. The samples come in a seeded
 * permutation of the input's order ({@link ShardWriterBuilder#optSeed}, or the input's order with
 * {@link ShardWriterBuilder#optKeepOrder}): {@code <prefix>-000000.tar, <prefix>-000001.tar, ...},
 * each sample an image member {@code <class>/<9-digit index in the input>.<ext>} and a label member
 * {@code .cls} (the label, in decimal), plus a sidecar index per shard ({@code <shard>.idx}) and
 * {@code classes.txt} (one class name per line, in label order; empty for a manifest with integer
 * labels). The index gives each sample's image range, its label and the CRC32C of the image's
 * bytes, against which {@link TarShardSource} checks every image it reads (by random access or
 * streamed): a flipped bit on disk or on the wire is caught even where the store has no checksum to
 * offer.
 *
 * <p>A shard becomes visible whole or not at all: in a folder it is written under a temporary name
 * and renamed; on S3 it is streamed as a multipart upload in parts of {@link
 * ShardWriterBuilder#optPartBytes} (so a shard is never held whole in memory) that appears when
 * {@code CompleteMultipartUpload} succeeds, and is aborted on any failure. Its index is written
 * after it. The output depends only on the input, so a rerun (after a crash, say) rewrites the same
 * shards and deletes shards of the prefix left from a larger earlier run: no sample is ever
 * duplicated. It first drops what a killed run left unfinished under its names (temporary files,
 * open multipart uploads). Images are read up to {@link ShardWriterBuilder#optFetchers} at once.
 *
 * <pre>{@code
 * List<String> shards = ShardWriter.builder()
 *         .setImages("s3://my-bucket/imagenet/train").setOutput("s3://my-bucket/imagenet/shards")
 *         .build().write();
 * }</pre>
 */
public final class ShardWriter {

    /** The default target size of a shard: 128 MB. */
    public static final long DEFAULT_SHARD_BYTES = 128L << 20;

    /** The name of the classes file in the output folder. */
    public static final String CLASSES_FILE = ShardStore.CLASSES_FILE;

    private static final Logger logger = LoggerFactory.getLogger(ShardWriter.class);

    private final ShardWriterBuilder settings;
    private volatile long retries;

    ShardWriter(ShardWriterBuilder settings) {
        this.settings = settings;
    }

    /**
     * Returns a builder.
     *
     * @return a new builder
     */
    public static ShardWriterBuilder builder() {
        return new ShardWriterBuilder();
    }

    /**
     * Writes the shards, their indexes and the classes file.
     *
     * @return the locations of the shards written (paths or {@code s3://} URLs), in order
     * @throws IOException if the input cannot be read or the output cannot be written; shards
     *     completed before the failure stay, a rerun rewrites them
     */
    public List<String> write() throws IOException {
        try (ShardDestination output = openOutput();
                ShardInput input = ShardInput.open(settings.images, settings.s3)) {
            try {
                dropUnfinished(output);
                String classes = String.join("\n", input.classes()) + "\n";
                output.put(CLASSES_FILE, classes.getBytes(StandardCharsets.UTF_8));
                List<String> shards = writeShards(output, input);
                deleteStale(output, shards.size());
                return shards.stream().map(output::locate).toList();
            } finally {
                retries = output.retries() + input.source().retries();
            }
        }
    }

    /**
     * Returns how many S3 requests the last {@link #write} retried (image GETs, LIST pages, part
     * and object PUTs); 0 for a folder input and output.
     *
     * @return the retries
     */
    public long retries() {
        return retries;
    }

    private ShardDestination openOutput() throws IOException {
        if (BucketPrefix.isS3(settings.output)) {
            BucketPrefix location = BucketPrefix.parse(settings.output);
            return new S3ShardDestination(settings.s3.settings(), location, settings.partBytes);
        }
        return new FolderShardDestination(Path.of(settings.output));
    }

    private List<String> writeShards(ShardDestination output, ShardInput input) throws IOException {
        List<String> names = new ArrayList<>();
        long[] order = order(input.source().size());
        ShardOutput shard = null;
        try (OrderedFetches images = fetches(input.source(), order)) {
            for (long i : order) {
                byte[] bytes = images.next();
                if (shard != null && shard.bytes() + bytes.length + 4096 > settings.shardBytes) {
                    shard.commit();
                    shard = null;
                }
                if (shard == null) {
                    names.add(String.format("%s-%06d.tar", settings.prefix, names.size()));
                    shard = new ShardOutput(output, names.get(names.size() - 1));
                }
                add(shard, input, i, bytes);
            }
            if (shard != null) {
                shard.commit();
                shard = null;
            }
        } finally {
            if (shard != null) {
                abort(shard);
            }
        }
        return names;
    }

    /** Reads the images of {@code source} in {@code order}, {@code fetchers} at once. */
    private OrderedFetches fetches(LabeledImageSource source, long[] order) {
        return new OrderedFetches(
                index -> source.fetch(null, index), source::describe, order, settings.fetchers);
    }

    /** The input indices in the order they are written. */
    private long[] order(long size) {
        long[] order = LongStream.range(0, size).toArray();
        if (!settings.keepOrder) {
            Shuffle.range(order, 0, order.length, new SplittableRandom(settings.seed));
        }
        return order;
    }

    private static void add(ShardOutput shard, ShardInput input, long i, byte[] bytes)
            throws IOException {
        String item = input.source().describe(i);
        String file = item.substring(item.lastIndexOf('/') + 1);
        if (!LabeledKeys.isImageName(file)) {
            throw new BadItemException(item, "not an image name (jpg, png, ...)", null);
        }
        long label = input.source().label(i);
        String extension = file.substring(file.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        String key = String.format("%s/%09d", input.group(label), i);
        shard.add(key, extension, bytes, label);
    }

    /** Drops an unfinished shard; a failure to do so is logged, the first failure is thrown. */
    private static void abort(ShardOutput shard) {
        try {
            shard.close();
        } catch (IOException e) {
            logger.warn("cannot drop an unfinished shard: {}", e.getMessage());
        }
    }

    /** Drops the unfinished files or uploads a killed earlier run left of this writer's names. */
    private void dropUnfinished(ShardDestination output) throws IOException {
        Pattern shard = shardNames();
        int dropped =
                output.dropUnfinished(
                        name -> name.equals(CLASSES_FILE) || shard.matcher(name).matches());
        if (dropped > 0) {
            logger.info("dropped {} unfinished files of an earlier run", dropped);
        }
    }

    /** Deletes shards (and indexes) of this prefix numbered {@code count} or more. */
    private void deleteStale(ShardDestination output, int count) throws IOException {
        Pattern shard = shardNames();
        for (String name : output.list()) {
            Matcher m = shard.matcher(name);
            if (m.matches() && Integer.parseInt(m.group(1)) >= count) {
                output.delete(name);
            }
        }
    }

    /** The names of this prefix's shards and indexes; group 1 is the shard's number. */
    private Pattern shardNames() {
        return Pattern.compile(Pattern.quote(settings.prefix) + "-(\\d{6})\\.tar(\\.idx)?");
    }
}
