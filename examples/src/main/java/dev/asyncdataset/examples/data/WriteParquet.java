package dev.asyncdataset.examples.data;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Writes an image folder ({@code class/image.jpg}) as Parquet in the Hugging Face Hub's image
 * layout: {@code --images DIR --out DIR [--rows-per-file 1000] [--row-group-rows 100]} writes
 * {@code data-00000.parquet}, ... with an {@code image} struct {@code {bytes, path}} and an int64
 * {@code label} (the class folder's position in name order), Snappy pages of about {@link
 * #PAGE_BYTES} (parquet-java's and pyarrow's default size; the image bytes plain, not
 * dictionary-encoded) with the page index, row groups of {@code --row-group-rows} rows (the Hub's
 * 100 for image datasets), and {@code classes.txt} beside them, which {@code ParquetSource} reads
 * as its class names. Rerunning it rewrites the same files.
 */
public final class WriteParquet {

    private static final MessageType HUB_IMAGES =
            Types.buildMessage()
                    .requiredGroup()
                    .required(PrimitiveTypeName.BINARY)
                    .named("bytes")
                    .required(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType())
                    .named("path")
                    .named("image")
                    .required(PrimitiveTypeName.INT64)
                    .named("label")
                    .named("schema");

    /** The size a page is closed at: 1 MiB. */
    static final int PAGE_BYTES = 1 << 20;

    private WriteParquet() {}

    /**
     * Writes the files.
     *
     * @param args the options
     * @throws IOException if an image cannot be read or a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        Map<String, String> defaults =
                Options.defaults("--images '' --out '' --rows-per-file 1000 --row-group-rows 100");
        Options options = Options.parse(args, defaults);
        write(
                Path.of(options.required("images")),
                Path.of(options.required("out")),
                options.integer("rows-per-file"),
                options.integer("row-group-rows"));
    }

    /**
     * Writes the images of {@code images} under {@code out}, {@code rowsPerFile} rows to a file in
     * row groups of {@code rowGroupRows} rows, with {@code classes.txt}.
     *
     * @param images the image folder
     * @param out the folder to write, created if needed
     * @param rowsPerFile the rows of each file
     * @param rowGroupRows the rows of each row group
     * @throws IOException if an image cannot be read or a file cannot be written
     */
    public static void write(Path images, Path out, int rowsPerFile, int rowGroupRows)
            throws IOException {
        Files.createDirectories(out);
        try (LabeledImageSource folder =
                FolderSource.builder().setLocation(images.toString()).build()) {
            Files.write(out.resolve("classes.txt"), folder.getClasses());
            for (long first = 0; first < folder.size(); first += rowsPerFile) {
                Path file = out.resolve("data-%05d.parquet".formatted(first / rowsPerFile));
                long end = Math.min(folder.size(), first + rowsPerFile);
                writeFile(folder, images, file, first, end, rowGroupRows);
            }
        }
    }

    private static void writeFile(
            LabeledImageSource folder, Path images, Path file, long first, long end, int rows)
            throws IOException {
        Files.deleteIfExists(file);
        SimpleGroupFactory groups = new SimpleGroupFactory(HUB_IMAGES);
        try (ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new LocalOutputFile(file))
                        .withType(HUB_IMAGES)
                        .withCompressionCodec(CompressionCodecName.SNAPPY)
                        .withRowGroupRowCountLimit(rows)
                        .withPageSize(PAGE_BYTES)
                        .withMinRowCountForPageSizeCheck(1)
                        .withDictionaryEncoding("image.bytes", false)
                        .build()) {
            Path root = images.toRealPath();
            for (long i = first; i < end; i++) {
                Path image = Path.of(folder.describe(i));
                Group row = groups.newGroup();
                row.addGroup("image")
                        .append("bytes", Binary.fromConstantByteArray(Files.readAllBytes(image)))
                        .append("path", key(root, image));
                row.append("label", folder.label(i));
                writer.write(row);
            }
        }
    }

    /** The key of {@code image} under the folder {@code root}, {@code <class>/<file>}. */
    private static String key(Path root, Path image) {
        return root.relativize(image).toString().replace(image.getFileSystem().getSeparator(), "/");
    }
}
