package dev.asyncdataset.examples.spark;

import dev.asyncdataset.writer.ShardWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The folder a job writes, as the driver sees it: the classes file, the shard list, and no shard of
 * an earlier run with more partitions left beside this run's.
 */
final class OutputFolder {

    private static final String PARTITION_SHARD = "part-\\d{5}-\\d{6}\\.tar(\\.idx)?";

    private final Path folder;

    OutputFolder(String folder) {
        this.folder = Path.of(folder);
    }

    /** Writes {@code classes.txt}, one name per line in label order, unless there are none. */
    void writeClasses(List<String> classes) throws IOException {
        if (!classes.isEmpty()) {
            Files.createDirectories(folder);
            Files.write(folder.resolve(ShardWriter.CLASSES_FILE), classes);
        }
    }

    /**
     * Writes the shard list, then deletes the partition shards and indexes it does not name: those
     * of an earlier run with more partitions.
     */
    void writeShardList(List<String> shards) throws IOException {
        Files.createDirectories(folder);
        Files.write(folder.resolve(PrepareData.SHARD_LIST), shards);
        Set<String> kept = new HashSet<>();
        for (String shard : shards) {
            String name = Path.of(shard).getFileName().toString();
            kept.add(name);
            kept.add(name + ".idx");
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.matches(PARTITION_SHARD) && !kept.contains(name)) {
                    Files.delete(file);
                }
            }
        }
    }

    /** The Parquet files of the table written here, in name order. */
    List<String> parquetFiles() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(Path::toString).filter(f -> f.endsWith(".parquet")).sorted().toList();
        }
    }
}
