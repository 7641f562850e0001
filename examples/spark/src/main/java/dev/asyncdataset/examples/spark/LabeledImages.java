package dev.asyncdataset.examples.spark;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_position;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.lower;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.split;
import static org.apache.spark.sql.functions.substring;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The labelled images a job reads, as rows {@code (bytes binary, path string, label bigint)}, and
 * their class names in label order (empty for integer labels of a Parquet table).
 *
 * @param rows the rows
 * @param classes the class names
 */
public record LabeledImages(Dataset<Row> rows, List<String> classes) {

    /** The image extensions the folder sources take, as the loader's {@code FolderSource}. */
    static final String IMAGE_NAME = "\\.(jpg|jpeg|png|bmp|gif|wbmp)$";

    /**
     * Reads {@code root/<class>/<file>} with Spark's {@code binaryFile} source, labelled as the
     * loader's {@code FolderSource} labels a folder: the visible class folders sorted by name, the
     * label the position of the class, the files with an image extension in any case.
     *
     * @param spark the session
     * @param root the folder or Hadoop URI
     * @return the images
     * @throws IOException if the class folders cannot be listed
     */
    public static LabeledImages folder(SparkSession spark, String root) throws IOException {
        Path path = new Path(root);
        FileSystem fs = path.getFileSystem(spark.sparkContext().hadoopConfiguration());
        String prefix = fs.makeQualified(path).toString() + "/";
        List<String> classes = new ArrayList<>();
        for (FileStatus child : fs.listStatus(path)) {
            String name = child.getPath().getName();
            if (child.isDirectory() && !name.startsWith(".")) {
                classes.add(name);
            }
        }
        if (classes.isEmpty()) {
            throw new IllegalArgumentException(root + " has no class folder");
        }
        classes.sort(null);
        Dataset<Row> files =
                spark.read().format("binaryFile").option("recursiveFileLookup", "true").load(root);
        Column relative = substring(col("path"), prefix.length() + 1, Integer.MAX_VALUE);
        Column segments = split(relative, "/");
        Dataset<Row> rows =
                files.where(col("path").startsWith(prefix))
                        .where(size(segments).equalTo(2))
                        .where(lower(col("path")).rlike(IMAGE_NAME))
                        .select(
                                col("content").as("bytes"),
                                col("path"),
                                label(element_at(segments, 1), classes));
        return new LabeledImages(rows.where(col("label").geq(0)), List.copyOf(classes));
    }

    /**
     * Reads a Parquet table: the image from {@code imageColumn} (the Hub's {@code {bytes, path}}
     * struct, or binary), the label from {@code labelColumn} (an integer, or a string whose sorted
     * distinct values are the classes).
     *
     * @param spark the session
     * @param table the table's folder, file or glob
     * @param imageColumn the image column
     * @param labelColumn the label column
     * @return the images
     * @throws IllegalArgumentException if a column is missing or of another type
     */
    public static LabeledImages parquet(
            SparkSession spark, String table, String imageColumn, String labelColumn) {
        Dataset<Row> input = spark.read().parquet(table);
        StructType schema = input.schema();
        Column image = col(imageColumn);
        boolean struct = schema.apply(imageColumn).dataType() instanceof StructType;
        Column bytes = struct ? image.getField("bytes") : image;
        Column path = struct ? image.getField("path") : lit(null).cast(DataTypes.StringType);
        Column label = col(labelColumn);
        if (!schema.apply(labelColumn).dataType().equals(DataTypes.StringType)) {
            return new LabeledImages(
                    input.select(
                            bytes.as("bytes"), path.as("path"), label.cast("bigint").as("label")),
                    List.of());
        }
        List<String> classes = new ArrayList<>();
        for (Row row : input.select(label).where(label.isNotNull()).distinct().collectAsList()) {
            classes.add(row.getString(0));
        }
        classes.sort(null);
        return new LabeledImages(
                input.select(bytes.as("bytes"), path.as("path"), label(label, classes)),
                List.copyOf(classes));
    }

    /** The position of {@code name} in {@code classes}: -1 if absent, null for a null name. */
    private static Column label(Column name, List<String> classes) {
        Column names = array(classes.stream().map(c -> lit(c)).toArray(Column[]::new));
        return array_position(names, name).minus(1).as("label");
    }
}
