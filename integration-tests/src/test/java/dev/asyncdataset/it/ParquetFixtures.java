package dev.asyncdataset.it;

import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import dev.hardwood.InputFile;
import dev.hardwood.internal.thrift.OffsetIndexReader;
import dev.hardwood.internal.thrift.ThriftCompactReader;
import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.PageLocation;
import dev.hardwood.metadata.RowGroup;
import dev.hardwood.reader.ParquetFileReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
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
import org.apache.parquet.schema.Types.MessageTypeBuilder;

/**
 * Parquet files in the Hugging Face Hub's image layout ({@code image} a struct {@code {bytes:
 * binary, path: string}}, {@code label} an int64), written by two writers that are not this
 * project's: parquet-java and DuckDB.
 */
public final class ParquetFixtures {

    /**
     * One row to write; any field may be null.
     *
     * @param image the encoded image
     * @param path the image's file name
     * @param label the label
     */
    public record Row(byte[] image, String path, Long label) {}

    private ParquetFixtures() {}

    /** Writes 60 JPEGs in 4 class folders under {@code images}; returns them as rows, in order. */
    public static List<Row> images(Path images) throws IOException {
        TestImages.write(images, TestImages.classFolders(4, 15, 40, 32));
        List<Row> rows = new ArrayList<>();
        try (LabeledImageSource folder =
                FolderSource.builder().setLocation(images.toString()).build()) {
            for (long i = 0; i < folder.size(); i++) {
                byte[] jpeg = Files.readAllBytes(images.resolve(ItemKeys.key(folder, i, images)));
                rows.add(new Row(jpeg, ItemKeys.key(folder, i, images), folder.label(i)));
            }
        }
        return rows;
    }

    /**
     * {@code jpeg} with comment segments of bytes from {@code random} after its SOI, about {@code
     * bytes} in all: a large image that decoders decode as {@code jpeg}, skipping the comments.
     */
    public static byte[] padded(byte[] jpeg, int bytes, SplittableRandom random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes);
        out.write(jpeg, 0, 2);
        for (int left = bytes - jpeg.length; left > 4; ) {
            byte[] body = new byte[Math.min(left - 4, 0xFFFF - 2)];
            random.nextBytes(body);
            out.write(0xFF);
            out.write(0xFE);
            out.write((body.length + 2) >> 8);
            out.write(body.length + 2);
            out.write(body, 0, body.length);
            left -= 4 + body.length;
        }
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }

    /**
     * Writes {@code rows} with parquet-java: {@code codec} pages, one per row group of up to 100
     * rows (parquet-java checks a page's size only every 100 rows at first), row groups of {@code
     * rowGroupRows} rows, dictionary encoding when {@code dictionary} (else plain), page CRCs.
     */
    static void parquetJava(
            Path file,
            List<Row> rows,
            CompressionCodecName codec,
            int rowGroupRows,
            boolean dictionary)
            throws IOException {
        parquetJava(file, rows, codec, rowGroupRows, dictionary, WriterVersion.PARQUET_1_0);
    }

    /**
     * Writes {@code rows} as {@link #parquetJava(Path, List, CompressionCodecName, int, boolean)}
     * does, with data pages of {@code version} (format 2's pages store their levels uncompressed;
     * its byte arrays not dictionary-encoded are delta-encoded).
     */
    static void parquetJava(
            Path file,
            List<Row> rows,
            CompressionCodecName codec,
            int rowGroupRows,
            boolean dictionary,
            WriterVersion version)
            throws IOException {
        parquetJava(file, rows, codec, rowGroupRows, 100, dictionary, version, Map.of());
    }

    /**
     * Writes {@code rows} as {@link #parquetJava(Path, List, CompressionCodecName, int, boolean)}
     * does, plain and Snappy, but in pages of {@code pageRows} rows.
     */
    public static void paged(Path file, List<Row> rows, int rowGroupRows, int pageRows)
            throws IOException {
        parquetJava(
                file,
                rows,
                CompressionCodecName.SNAPPY,
                rowGroupRows,
                pageRows,
                false,
                WriterVersion.PARQUET_1_0,
                Map.of());
    }

    /**
     * Writes {@code rows} as a Hugging Face image dataset does: Snappy, row groups of 16 rows, and
     * the {@code huggingface} key-value metadata naming the label column's classes {@code names}
     * ({@code ClassLabel}).
     */
    static void hubDataset(Path file, List<Row> rows, List<String> names) throws IOException {
        String features =
                "{\"info\": {\"features\": {\"image\": {\"_type\": \"Image\"}, \"label\":"
                        + " {\"names\": [\""
                        + String.join("\", \"", names)
                        + "\"], \"_type\": \"ClassLabel\"}}}}";
        parquetJava(
                file,
                rows,
                CompressionCodecName.SNAPPY,
                16,
                100,
                false,
                WriterVersion.PARQUET_1_0,
                Map.of("huggingface", features));
    }

    private static void parquetJava(
            Path file,
            List<Row> rows,
            CompressionCodecName codec,
            int rowGroupRows,
            int pageRows,
            boolean dictionary,
            WriterVersion version,
            Map<String, String> metadata)
            throws IOException {
        MessageType schema = hubSchema();
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new LocalOutputFile(file))
                        .withType(schema)
                        .withCompressionCodec(codec)
                        .withRowGroupRowCountLimit(rowGroupRows)
                        .withPageRowCountLimit(pageRows)
                        .withMinRowCountForPageSizeCheck(pageRows)
                        .withDictionaryEncoding(dictionary)
                        .withPageWriteChecksumEnabled(true)
                        .withWriterVersion(version)
                        .withExtraMetaData(metadata)
                        .build()) {
            for (Row row : rows) {
                writer.write(group(groups, row));
            }
        }
    }

    /** Writes {@code rows} with parquet-java as a repeated binary {@code image} and a label. */
    static void repeatedImages(Path file, List<Row> rows) throws IOException {
        MessageType schema =
                org.apache.parquet.schema.Types.buildMessage()
                        .repeated(PrimitiveTypeName.BINARY)
                        .named("image")
                        .optional(PrimitiveTypeName.INT64)
                        .named("label")
                        .named("schema");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema).build()) {
            for (Row row : rows) {
                Group group = groups.newGroup();
                group.append("image", Binary.fromConstantByteArray(row.image()));
                group.append("label", row.label());
                writer.write(group);
            }
        }
    }

    private static MessageType hubSchema() {
        MessageTypeBuilder message = org.apache.parquet.schema.Types.buildMessage();
        message.optionalGroup()
                .optional(PrimitiveTypeName.BINARY)
                .named("bytes")
                .optional(PrimitiveTypeName.BINARY)
                .as(LogicalTypeAnnotation.stringType())
                .named("path")
                .named("image");
        message.optional(PrimitiveTypeName.INT64).named("label");
        return message.named("schema");
    }

    private static Group group(SimpleGroupFactory groups, Row row) {
        Group group = groups.newGroup();
        Group image = group.addGroup("image");
        if (row.image() != null) {
            image.append("bytes", Binary.fromConstantByteArray(row.image()));
        }
        if (row.path() != null) {
            image.append("path", row.path());
        }
        if (row.label() != null) {
            group.append("label", row.label());
        }
        return group;
    }

    /**
     * Writes {@code rows} with DuckDB's {@code COPY ... (FORMAT parquet)}: {@code codec} ({@code
     * snappy}, {@code zstd}), row groups of {@code rowGroupRows} rows (DuckDB rounds it up to a
     * multiple of 2,048).
     */
    static void duckDb(Path file, List<Row> rows, String codec, int rowGroupRows)
            throws SQLException {
        duckDb(file, rows, "{'bytes': bytes, 'path': path} AS image, label", codec, rowGroupRows);
    }

    /**
     * Writes {@code rows} with DuckDB as a binary {@code image} column and a string {@code label}
     * column holding the class name ({@code classes.get(label)}), Snappy.
     */
    static void duckDbFlat(Path file, List<Row> rows, List<String> classes) throws SQLException {
        StringBuilder names = new StringBuilder("['");
        names.append(String.join("', '", classes)).append("']");
        duckDb(file, rows, "bytes AS image, " + names + "[label + 1] AS label", "snappy", 2048);
    }

    private static void duckDb(
            Path file, List<Row> rows, String columns, String codec, int rowGroupRows)
            throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = db.createStatement()) {
            sql.execute("CREATE TABLE t (n INTEGER, bytes BLOB, path VARCHAR, label BIGINT)");
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO t VALUES (?,?,?,?)")) {
                for (int n = 0; n < rows.size(); n++) {
                    insert(insert, n, rows.get(n));
                }
                insert.executeBatch();
            }
            sql.execute(
                    "COPY (SELECT "
                            + columns
                            + " FROM t ORDER BY n) TO '"
                            + file
                            + "' (FORMAT parquet, COMPRESSION "
                            + codec
                            + ", ROW_GROUP_SIZE "
                            + rowGroupRows
                            + ")");
        }
    }

    private static void insert(PreparedStatement insert, int n, Row row) throws SQLException {
        insert.setInt(1, n);
        if (row.image() == null) {
            insert.setNull(2, Types.BLOB);
        } else {
            insert.setBytes(2, row.image());
        }
        insert.setString(3, row.path());
        if (row.label() == null) {
            insert.setNull(4, Types.BIGINT);
        } else {
            insert.setLong(4, row.label());
        }
        insert.addBatch();
    }

    /**
     * The image column's chunk of one row group, as Hardwood reads the file's footer and the
     * chunk's offset index.
     *
     * @param rows the row group's rows
     * @param bytes the chunk's bytes, as stored
     * @param firstRows each page's first row in the row group, null without an offset index
     */
    record ImageChunk(long rows, long bytes, long[] firstRows) {}

    static List<ImageChunk> imageChunks(Path file) throws IOException {
        List<ImageChunk> chunks = new ArrayList<>();
        byte[] bytes = Files.readAllBytes(file);
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file))) {
            for (RowGroup group : reader.getFileMetaData().rowGroups()) {
                ColumnChunk image =
                        group.columns().stream()
                                .filter(
                                        c ->
                                                c.metaData()
                                                        .pathInSchema()
                                                        .matchesDottedName("image.bytes"))
                                .findFirst()
                                .orElseThrow();
                long[] firstRows = null;
                if (image.offsetIndexOffset() != null) {
                    ByteBuffer index =
                            ByteBuffer.wrap(
                                    bytes,
                                    Math.toIntExact(image.offsetIndexOffset()),
                                    image.offsetIndexLength());
                    firstRows =
                            OffsetIndexReader.read(new ThriftCompactReader(index.slice()))
                                    .pageLocations()
                                    .stream()
                                    .mapToLong(PageLocation::firstRowIndex)
                                    .toArray();
                }
                chunks.add(
                        new ImageChunk(
                                group.numRows(),
                                image.metaData().totalCompressedSize(),
                                firstRows));
            }
        }
        return chunks;
    }
}
