package dev.asyncdataset.examples.spark;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.writer.ShardWriter;
import dev.asyncdataset.writer.ShardWriterBuilder;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;

/**
 * Writes one partition's rows {@code (bytes, path, label)} as WebDataset tar shards with {@link
 * ShardWriter}, named {@code part-<partition>-<n>.tar} with their indexes, and gives their
 * locations. Each sample is member {@code <class>/<partition>-<position>.<ext>} (the class name, or
 * the label when there are no names) and {@code .cls}, its label in decimal.
 */
final class PartitionShards implements MapPartitionsFunction<Row, String> {

    private static final long serialVersionUID = 1L;

    private final JobOptions options;
    private final List<String> classes;

    PartitionShards(JobOptions options, List<String> classes) {
        this.options = options;
        this.classes = classes;
    }

    /** The shard name prefix of partition {@code partition}. */
    static String prefix(int partition) {
        return String.format("part-%05d", partition);
    }

    @Override
    public Iterator<String> call(Iterator<Row> rows) throws Exception {
        int partition = TaskContext.getPartitionId();
        ShardWriterBuilder builder =
                ShardWriter.builder()
                        .setOutput(options.output())
                        .optShardBytes(options.shardBytes())
                        .optPrefix(prefix(partition));
        if (options.maxSide() > 0) {
            builder.optMaxSide(options.maxSide()).optJpegQuality(options.jpegQuality());
        }
        Iterator<Sample> samples =
                new Iterator<>() {
                    private int position;

                    @Override
                    public boolean hasNext() {
                        return rows.hasNext();
                    }

                    @Override
                    public Sample next() {
                        return sample(rows.next(), partition, position++);
                    }
                };
        return builder.build().write(samples).iterator();
    }

    private Sample sample(Row row, int partition, int position) {
        String path = row.isNullAt(1) ? null : row.getString(1);
        String where =
                "row "
                        + position
                        + " of partition "
                        + partition
                        + (path == null ? "" : " (" + path + ")");
        if (row.isNullAt(0) || row.isNullAt(2)) {
            throw new IllegalArgumentException(
                    where + ": no " + (row.isNullAt(0) ? "image" : "label"));
        }
        byte[] image = row.getAs(0);
        long label = row.getLong(2);
        String kind;
        try {
            kind = ImageKind.of(path, image);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        String owner = classes.isEmpty() ? Long.toString(label) : classes.get((int) label);
        String key = String.format("%s/%05d-%09d", owner, partition, position);
        byte[] cls = Long.toString(label).getBytes(StandardCharsets.US_ASCII);
        return new Sample(key, Map.of(kind, image, "cls", cls));
    }
}
