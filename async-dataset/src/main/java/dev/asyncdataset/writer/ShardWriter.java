package dev.asyncdataset.writer;

import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.Shuffle;
import dev.asyncdataset.internal.writer.OrderedFetches;
import dev.asyncdataset.internal.writer.ResizeStage;
import dev.asyncdataset.internal.writer.ShardDestination;
import dev.asyncdataset.internal.writer.ShardOutput;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns images ({@code <class>/<file>} in a folder or under a prefix of any store that lists,
 * listed as {@code FolderSource} lists them: same classes and labels; or the items of a {@link
 * ShardWriterBuilder#optManifest manifest}) into WebDataset tar shards of about a target size, in a
 * local folder, under an {@code s3://} prefix or under a prefix of any other store that writes
 * ({@link dev.asyncdataset.store.WritableStore}: {@code az://}, a registered one). The samples come
 * in a seeded permutation of the input's order ({@link ShardWriterBuilder#optSeed}, or the input's
 * order with {@link ShardWriterBuilder#optKeepOrder}): {@code <prefix>-000000.tar,
 * <prefix>-000001.tar, ...}, each sample an image member {@code <class>/<9-digit index in the
 * input>.<ext>} and a label member {@code .cls} (the label, in decimal), plus a sidecar index per
 * shard ({@code <shard>.idx}) and {@code classes.txt} (one class name per line, in label order;
 * empty for a manifest with integer labels). The index (version 3; 4 when images are resized,
 * below) gives every member's range and CRC32C and each sample's label, against which {@link
 * dev.asyncdataset.source.tar.TarShardSource}'s sources check every member they read (by random
 * access or streamed): a flipped bit on disk or on the wire is caught even where the store has no
 * checksum to offer.
 *
 * <p>Samples of any kind are written the same way: the loose files of a folder grouped by key
 * ({@link ShardWriterBuilder#optSamples}, as {@code FolderSource} groups them), each file a member
 * {@code key.part}, in the same seeded permutation; or {@link Sample}s made by code, in their order
 * ({@link #write(Iterator)}). Neither writes a classes file.
 *
 * <p>With {@link ShardWriterBuilder#optMaxSide} the JPEG parts ({@code jpg}, {@code jpeg}) are
 * stored smaller, FFCV style ({@link ImageResize}): an image whose longest side is above the
 * maximum is re-encoded to it at {@link ShardWriterBuilder#optJpegQuality}, one already that small
 * is stored byte for byte, on one thread per core; the index records the settings, and the tar
 * shard sources read them back.
 *
 * <p>A shard becomes visible whole or not at all, written through the store's {@link
 * dev.asyncdataset.store.ObjectOutput}: in a folder it is written under a temporary name and
 * renamed; on S3 it is streamed as a multipart upload in parts of {@link
 * ShardWriterBuilder#optPartBytes} (so a shard is never held whole in memory) that appears when
 * {@code CompleteMultipartUpload} succeeds, and is aborted on any failure; on Azure its blocks
 * appear when the block list is committed. Its index is written after it. The output depends only
 * on the input, so a rerun (after a crash, say) rewrites the same shards and deletes shards of the
 * prefix left from a larger earlier run: no sample is ever duplicated. It first drops what a killed
 * run left unfinished under its names (temporary files, open multipart uploads). Images and sample
 * files are read up to {@link ShardWriterBuilder#optFetchers} at once.
 *
 * <pre>{@code
 * List<String> shards = ShardWriter.builder()
 *         .setLocation("s3://my-bucket/imagenet/train").setOutput("s3://my-bucket/imagenet/shards")
 *         .build().write();
 * ShardWriter.builder().setLocation("/data/coco/train").optSamples().setOutput("/data/coco/shards")
 *         .build().write();
 * }</pre>
 */
public final class ShardWriter {

    /** The default target size of a shard: 128 MB. */
    public static final long DEFAULT_SHARD_BYTES = 128L << 20;

    /** The name of the classes file in the output folder. */
    public static final String CLASSES_FILE = ShardStore.CLASSES_FILE;

    /** The most bytes a member adds besides its data: its header, padding, a long-name record. */
    private static final int MEMBER_OVERHEAD = 2048;

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
     * Writes the input set on the builder ({@link ShardWriterBuilder#setLocation}) as shards with
     * their indexes, and for images the classes file.
     *
     * @return the locations of the shards written (paths or URLs, under the output), in order
     * @throws IOException if the input cannot be read or the output cannot be written; shards
     *     completed before the failure stay, a rerun rewrites them
     * @throws IllegalStateException if the builder set no input
     * @throws IllegalArgumentException if the output's store cannot write
     */
    public List<String> write() throws IOException {
        try (ShardInput input = openInput();
                ResizeStage resizing = new ResizeStage(settings.resize())) {
            ItemSource<Sample> source = input.source();
            long[] order = order(source.size());
            try (OrderedFetches<Sample> fetches =
                    new OrderedFetches<>(
                            i -> resizing.apply(source.fetch(null, i)),
                            source::describe,
                            order,
                            settings.fetchers)) {
                return write(
                        () -> fetches.hasNext() ? fetches.next() : null,
                        input.classes(),
                        () -> source.stats().retries());
            }
        }
    }

    /**
     * Writes {@code samples}, in their order, as shards with their indexes: each part of a sample
     * becomes member {@code key.part}. The builder's input, seed and fetchers are not used; a rerun
     * with the same samples rewrites the same shards.
     *
     * @param samples the samples; keys whose base name has no dot, part names in lower case
     * @return the locations of the shards written (paths or URLs, under the output), in order
     * @throws IOException if the output cannot be written; shards completed before the failure stay
     * @throws IllegalArgumentException if a key or part name would not read back as written, or the
     *     output's store cannot write
     */
    public List<String> write(Iterator<Sample> samples) throws IOException {
        Objects.requireNonNull(samples, "samples");
        try (ResizeStage resizing = new ResizeStage(settings.resize())) {
            NextSample next = () -> samples.hasNext() ? resizing.apply(samples.next()) : null;
            return write(next, null, () -> 0);
        }
    }

    /** Gives the next sample to write, or null at the end. */
    @FunctionalInterface
    private interface NextSample {
        Sample next() throws IOException;
    }

    private List<String> write(NextSample samples, List<String> classes, LongSupplier inRetries)
            throws IOException {
        try (ShardDestination output = openOutput()) {
            try {
                dropUnfinished(output);
                if (classes != null) {
                    String text = String.join("\n", classes) + "\n";
                    output.put(CLASSES_FILE, text.getBytes(StandardCharsets.UTF_8));
                }
                List<String> shards = writeShards(output, samples);
                deleteStale(output, shards.size());
                return shards.stream().map(output::locate).toList();
            } finally {
                retries = output.retries() + inRetries.getAsLong();
            }
        }
    }

    /**
     * Returns how many store requests the last {@link #write} retried (image GETs, listing pages,
     * the parts, commits and deletes of its output); 0 for a folder input and output.
     *
     * @return the retries
     */
    public long retries() {
        return retries;
    }

    private ShardDestination openOutput() throws IOException {
        return ShardDestination.open(settings.output, settings.store, settings.partBytes);
    }

    private ShardInput openInput() throws IOException {
        if (settings.input == null) {
            throw new IllegalStateException(
                    "write() needs setLocation; write(samples) writes samples from code");
        }
        return settings.samples
                ? ShardInput.samples(settings.input, settings.store)
                : ShardInput.images(settings.input, settings.manifest, settings.store);
    }

    private List<String> writeShards(ShardDestination output, NextSample samples)
            throws IOException {
        List<String> names = new ArrayList<>();
        ShardOutput shard = null;
        try {
            for (Sample sample = samples.next(); sample != null; sample = samples.next()) {
                Map<String, byte[]> parts = parts(sample);
                if (shard != null && shard.bytes() + tarBytes(parts) > settings.shardBytes) {
                    shard.commit();
                    shard = null;
                }
                if (shard == null) {
                    names.add(String.format("%s-%06d.tar", settings.prefix, names.size()));
                    shard = new ShardOutput(output, names.get(names.size() - 1), settings.resize());
                }
                shard.add(sample.key(), parts);
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

    /** The parts of {@code sample} by name, in name order. */
    private static Map<String, byte[]> parts(Sample sample) throws IOException {
        Map<String, byte[]> parts = new LinkedHashMap<>();
        for (String part : sample.partNames()) {
            parts.put(part, sample.bytes(part));
        }
        return parts;
    }

    /** The most bytes {@code parts} add to a shard. */
    private static long tarBytes(Map<String, byte[]> parts) {
        return parts.values().stream().mapToLong(bytes -> bytes.length + MEMBER_OVERHEAD).sum();
    }

    /** The input indices in the order they are written. */
    private long[] order(long size) {
        long[] order = LongStream.range(0, size).toArray();
        if (!settings.keepOrder) {
            Shuffle.range(order, 0, order.length, new SplittableRandom(settings.seed));
        }
        return order;
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
