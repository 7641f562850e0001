package dev.asyncdataset.examples.data;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.source.ShardWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Command line for {@link ShardWriter}: {@code --images DIR --out DIR [--shard-mb 128] [--prefix
 * shard]} turns an image folder ({@code class/image.jpg}) into WebDataset tar shards with {@code
 * .cls} labels, a sidecar index per shard and {@code classes.txt}. Rerunning it rewrites the same
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
        Options options =
                Options.parse(
                        args,
                        Map.of("images", "", "out", "", "shard-mb", "128", "prefix", "shard"));
        if (options.text("images").isEmpty() || options.text("out").isEmpty()) {
            throw new IllegalArgumentException("--images DIR and --out DIR are required");
        }
        long start = System.nanoTime();
        List<Path> shards =
                ShardWriter.builder()
                        .setImages(Path.of(options.text("images")))
                        .setOutput(Path.of(options.text("out")))
                        .optShardBytes(Long.parseLong(options.text("shard-mb")) << 20)
                        .optPrefix(options.text("prefix"))
                        .build()
                        .write();
        long bytes = 0;
        for (Path shard : shards) {
            bytes += Files.size(shard);
        }
        System.out.printf(
                "%d shards, %.1f MB, in %s (%.1f s)%n",
                shards.size(), bytes / 1e6, options.text("out"), (System.nanoTime() - start) / 1e9);
    }
}
