package dev.asyncdataset.examples.spark;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.xxhash64;

import java.io.IOException;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark job that prepares a training set: {@code --input DIR|s3a://bucket/prefix --output DIR
 * [--input-format images|parquet] [--image-column image] [--label-column label] [--format
 * shards|parquet] [--partitions 0] [--shard-mb 128] [--max-side 0] [--jpeg-quality 90] [--seed 0]
 * [--compression snappy] [--row-group-rows 0]} ({@link JobOptions}). It reads labelled images
 * ({@link LabeledImages}: a folder of {@code <class>/<file>} through Spark's {@code binaryFile}
 * source, or a Parquet table), spreads them over the partitions in a seeded order, and writes from
 * every partition at once: WebDataset tar shards with their indexes ({@link PartitionShards},
 * pre-sized with {@code --max-side}), then, on the driver, {@code classes.txt} and {@code
 * shards.txt} (the shards, one per line); or, with {@code --format parquet}, a Parquet table in the
 * Hugging Face Hub's image layout ({@code image: {bytes, path}}, {@code label: bigint}) and its
 * {@code classes.txt}.
 *
 * <p>It runs on {@code local[*]} unless a master is given, as {@code spark-submit --master ...}
 * gives one.
 */
public final class PrepareData {

    /** The list of shards the driver writes in the output folder, one location per line. */
    public static final String SHARD_LIST = "shards.txt";

    private PrepareData() {}

    /**
     * Runs the job.
     *
     * @param args the options
     * @throws IOException if the input cannot be listed or the output cannot be written
     */
    public static void main(String[] args) throws IOException {
        JobOptions options = JobOptions.parse(args);
        SparkSession.Builder builder = SparkSession.builder().appName("async-dataset prepare data");
        if (!new SparkConf().contains("spark.master")) {
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            long start = System.nanoTime();
            Prepared written = run(spark, options);
            System.out.println(
                    written.describe(options.output(), (System.nanoTime() - start) / 1e9));
        } finally {
            spark.stop();
        }
    }

    /**
     * Runs the job on {@code spark}.
     *
     * @param spark the session
     * @param options what to read and write
     * @return what it wrote
     * @throws IOException if the input cannot be listed or the output cannot be written
     */
    public static Prepared run(SparkSession spark, JobOptions options) throws IOException {
        LabeledImages images =
                options.inputFormat().equals("parquet")
                        ? LabeledImages.parquet(
                                spark,
                                options.input(),
                                options.imageColumn(),
                                options.labelColumn())
                        : LabeledImages.folder(spark, options.input());
        int partitions =
                options.partitions() > 0
                        ? options.partitions()
                        : spark.sparkContext().defaultParallelism();
        Column order = xxhash64(lit(options.seed()), coalesce(col("path"), lit("")), col("bytes"));
        Dataset<Row> rows =
                images.rows().repartition(partitions, order).sortWithinPartitions(order);
        OutputFolder output = new OutputFolder(options.output());
        int classes = images.classes().size();
        if (options.format().equals("parquet")) {
            rows.select(struct(col("bytes"), col("path")).as("image"), col("label"))
                    .write()
                    .mode(SaveMode.Overwrite)
                    .option("compression", options.compression())
                    .option("parquet.block.row.count.limit", rowGroupRows(options))
                    .parquet(options.output());
            output.writeClasses(images.classes());
            return Prepared.of(output.parquetFiles(), images.rows().count(), classes, "parquet");
        }
        List<String> shards =
                rows.mapPartitions(
                                new PartitionShards(options, images.classes()), Encoders.STRING())
                        .collectAsList();
        output.writeClasses(images.classes());
        output.writeShardList(shards);
        return Prepared.of(shards, images.rows().count(), classes, "shards");
    }

    /** Parquet's most rows per row group: the option's, or no limit for 0. */
    private static long rowGroupRows(JobOptions options) {
        return options.rowGroupRows() > 0 ? options.rowGroupRows() : Integer.MAX_VALUE;
    }
}
