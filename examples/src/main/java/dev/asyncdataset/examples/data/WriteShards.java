package dev.asyncdataset.examples.data;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.writer.ShardWriter;
import dev.asyncdataset.writer.ShardWriterBuilder;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Command line for {@link ShardWriter}: {@code --images DIR|URL --out DIR|URL [--shard-mb 128]
 * [--part-mb 8] [--fetchers 32] [--prefix shard] [--max-side 0] [--jpeg-quality 90] [--endpoint
 * URL]} turns images ({@code class/image.jpg}, in a folder or under a prefix of a listable store,
 * {@code s3://bucket/prefix}, {@code az://container/prefix}) into WebDataset tar shards with {@code
 * .cls} labels, a sidecar index per shard and {@code classes.txt}, in a folder or under a prefix of
 * a writable store (each shard a multipart upload in parts of {@code --part-mb}). S3 is AWS, or the
 * S3-compatible store at {@code --endpoint} (path-style access), with credentials from the AWS
 * default provider chain. {@code --max-side N} stores the JPEGs smaller, FFCV style: those whose
 * longest side is above N re-encoded to it at {@code --jpeg-quality} ({@code
 * ShardWriterBuilder.optMaxSide}; 0 stores them as they come). Rerunning it rewrites the same
 * shards.
 */
public final class WriteShards {

    private WriteShards() {}

    /**
     * Writes the shards.
     *
     * @param args the options
     * @throws Exception if the images cannot be read or the shards cannot be written
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> defaults =
                Options.defaults(
                        "--images '' --out '' --shard-mb 128 --part-mb 8 --fetchers 32 --prefix"
                                + " shard --max-side 0 --jpeg-quality 90 --endpoint ''");
        Options options = Options.parse(args, defaults);
        String images = options.required("images");
        String out = options.required("out");
        int fetchers = options.integer("fetchers");
        S3Connection s3 = S3Connection.withDefaultCredentials(options.text("endpoint"));
        long start = System.nanoTime();
        ShardWriterBuilder builder =
                ShardWriter.builder()
                        .setLocation(images.toString())
                        .setOutput(out)
                        .optStore(s3.options(fetchers + 1).build())
                        .optShardBytes((long) options.integer("shard-mb") << 20)
                        .optPartBytes(options.integer("part-mb") << 20)
                        .optFetchers(fetchers)
                        .optPrefix(options.text("prefix"));
        if (options.integer("max-side") > 0) {
            builder.optMaxSide(options.integer("max-side"))
                    .optJpegQuality(options.integer("jpeg-quality"));
        }
        ShardWriter writer = builder.build();
        List<String> shards = writer.write();
        System.out.printf(
                "%d shards in %s (%.1f s, %d requests retried by %s)%n",
                shards.size(),
                out,
                (System.nanoTime() - start) / 1e9,
                writer.retries(),
                stores(images, out));
    }

    /** Names the stores of {@code input} and {@code output}: {@code s3:// and az://}. */
    static String stores(String input, String output) {
        return Stream.of(input, output)
                .map(
                        l ->
                                Stores.scheme(l).equals(Stores.FILE)
                                        ? "the file system"
                                        : Stores.scheme(l) + "://")
                .distinct()
                .collect(Collectors.joining(" and "));
    }
}
