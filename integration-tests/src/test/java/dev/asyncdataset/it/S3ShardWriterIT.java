package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import dev.asyncdataset.writer.ShardWriterBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link ShardWriter} with S3Proxy as input and output: shards written to S3 as multipart uploads
 * are byte for byte the shards written to a folder and read back as the same samples and labels;
 * images read from S3 (by the class layout or a manifest with integer labels, grouped by label)
 * land in the shards once each with their labels; a part PUT failing past its retries leaves no
 * partial shard and no unfinished upload, and a rerun completes the same objects; a part failing
 * once is retried and counted; reruns give the same object set, with no duplicates.
 */
class S3ShardWriterIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String BUCKET = "writer";
    private static final long SHARD_BYTES = 6L << 20;
    @TempDir static Path dir;
    private static Path images;
    private static Map<String, byte[]> reference;

    /** Images in a folder and under {@code s3://writer/images/}; the shards a folder gets. */
    @BeforeAll
    static void writeImagesAndReferenceShards() throws Exception {
        Map<String, byte[]> jpegs = TestImages.classFolders(3, 12, 1000, 750);
        images = dir.resolve("images");
        TestImages.write(images, jpegs);
        S3.upload(BUCKET, "images/", jpegs);
        Path folder = dir.resolve("reference");
        writer(images.toString(), folder.toString()).build().write();
        reference = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                reference.put(file.getFileName().toString(), Files.readAllBytes(file));
            }
        }
        long shards = reference.keySet().stream().filter(n -> n.endsWith(".tar")).count();
        assertTrue(shards >= 3, "the images make " + shards + " shards");
        int second = reference.get("shard-000001.tar").length;
        assertTrue(second > ShardWriterBuilder.MIN_PART_BYTES, "shard 1 is one part: " + second);
    }

    @AfterEach
    void noMoreFaults() {
        S3.faults().failParts((key, part, attempt) -> false);
    }

    @Test
    void folderToS3ShardsAreTheFolderShardsInPartsAndReadBackAsTheSameSamples() throws Exception {
        writer(images.toString(), url("from-folder/")).build().write();
        assertObjectsEqualTheReference("from-folder/");
        try (S3Client client = S3.syncClient()) {
            String etag =
                    client.headObject(r -> r.bucket(BUCKET).key("from-folder/shard-000000.tar"))
                            .eTag();
            assertTrue(etag.matches("\"?[0-9a-f]{32}-[2-9]\"?"), "not multipart: " + etag);
        }
        assertReadsBackAs(
                url("from-folder/"), FolderSource.builder().setLocation(images.toString()).build());
        assertNoUnfinishedUpload();
    }

    @Test
    void s3ImagesToS3ShardsHoldEveryImageOnceWithItsLabel() throws Exception {
        ShardWriter writer = writer(url("images/"), url("from-s3/")).build();
        writer.write();
        try (LabeledImageSource input = S3.sourceBuilder(url("images/")).build()) {
            assertReadsBackAs(url("from-s3/"), input);
            assertEquals(
                    String.join("\n", input.getClasses()) + "\n",
                    new String(objects("from-s3/").get(ShardWriter.CLASSES_FILE)));
        }
        assertEquals(0, writer.retries());
        assertNoUnfinishedUpload();
    }

    @Test
    void imagesListedByAManifestWithIntegerLabelsAreGroupedByLabel() throws Exception {
        String manifest = "key,label\nclass2/img0.jpg,7\nclass0/img3.jpg,0\nclass1/img5.jpg,7\n";
        S3.upload(BUCKET, "", Map.of("train.csv", manifest.getBytes(StandardCharsets.UTF_8)));
        writer(url("images/"), url("from-manifest/")).optManifest(MANIFEST).build().write();
        try (LabeledImageSource input =
                S3.sourceBuilder(url("images/")).optManifest(MANIFEST).build()) {
            assertReadsBackAs(url("from-manifest/"), input);
        }
        assertEquals("\n", new String(objects("from-manifest/").get(ShardWriter.CLASSES_FILE)));
        try (LabeledImageSource shards = shards(url("from-manifest/"))) {
            for (long i = 0; i < shards.size(); i++) {
                String name = shards.describe(i);
                String group = shards.label(i) + "/";
                assertTrue(name.contains(" sample " + group), name);
            }
        }
    }

    /** The manifest of {@code imagesListedByAManifestWithIntegerLabelsAreGroupedByLabel}. */
    private static final String MANIFEST = url("train.csv");

    @Test
    void aPartFailingPastItsRetriesLeavesNoShardNoUploadAndARerunCompletesTheSameObjects()
            throws Exception {
        S3.faults()
                .failParts(
                        (key, part, attempt) -> key.equals("fail/shard-000001.tar") && part == 2);
        ShardWriter writer =
                writer(images.toString(), url("fail/"), S3.storeOptions().optMaxAttempts(3))
                        .build();
        IOException e = assertThrows(IOException.class, writer::write);
        assertTrue(e.getMessage().contains(url("fail/shard-000001.tar")), e.getMessage());
        assertTrue(e.getMessage().contains("part 2"), e.getMessage());
        assertEquals(3, S3.faults().partCounts()[1], "attempts of the failing part");
        assertEquals(2, writer.retries());
        Map<String, byte[]> left = objects("fail/");
        assertEquals(
                new TreeMap<>(
                                Map.of(
                                        ShardWriter.CLASSES_FILE,
                                        reference.get(ShardWriter.CLASSES_FILE),
                                        "shard-000000.tar",
                                        reference.get("shard-000000.tar"),
                                        "shard-000000.tar.idx",
                                        reference.get("shard-000000.tar.idx")))
                        .keySet(),
                left.keySet());
        assertNoUnfinishedUpload();
        assertTheListingShowsAnUploadInProgress();
        noMoreFaults();
        writer.write();
        assertObjectsEqualTheReference("fail/");
        assertNoUnfinishedUpload();
    }

    @Test
    void aPartFailingOnceIsRetriedCountedAndTheShardsAreUnchanged() throws Exception {
        S3.faults().failParts((key, part, attempt) -> key.startsWith("retry/") && attempt == 1);
        ShardWriter writer = writer(images.toString(), url("retry/")).build();
        writer.write();
        long[] parts = S3.faults().partCounts();
        assertTrue(parts[1] >= 3, "failed parts: " + parts[1]);
        assertEquals(parts[1], writer.retries());
        assertEquals(2 * parts[1], parts[0]);
        assertObjectsEqualTheReference("retry/");
        assertNoUnfinishedUpload();
    }

    @Test
    void rerunsGiveTheSameObjectSetWithoutDuplicates() throws Exception {
        writer(images.toString(), url("rerun/")).optShardBytes(2L << 20).build().write();
        assertTrue(objects("rerun/").size() > reference.size(), "the first run writes more shards");
        writer(images.toString(), url("rerun/")).build().write();
        assertObjectsEqualTheReference("rerun/");
        writer(images.toString(), url("rerun/")).build().write();
        assertObjectsEqualTheReference("rerun/");
        assertNoUnfinishedUpload();
    }

    @Test
    void aRerunAbortsTheUploadsAKilledRunLeftOpenAndNoOthers() throws Exception {
        try (S3Client client = S3.syncClient()) {
            for (String key : List.of("killed/shard-000000.tar", "killed/shard-000042.tar")) {
                client.createMultipartUpload(r -> r.bucket(BUCKET).key(key));
            }
            String other =
                    client.createMultipartUpload(r -> r.bucket(BUCKET).key("killed/other.bin"))
                            .uploadId();

            writer(images.toString(), url("killed/")).build().write();

            List<String> open =
                    client.listMultipartUploads(r -> r.bucket(BUCKET)).uploads().stream()
                            .map(MultipartUpload::key)
                            .toList();
            client.abortMultipartUpload(
                    r -> r.bucket(BUCKET).key("killed/other.bin").uploadId(other));
            assertEquals(List.of("killed/other.bin"), open);
        }
        assertObjectsEqualTheReference("killed/");
    }

    private static ShardWriterBuilder writer(String from, String to) {
        return writer(from, to, S3.storeOptions());
    }

    private static ShardWriterBuilder writer(String from, String to, StoreOptionsBuilder s3) {
        return ShardWriter.builder()
                .setLocation(from)
                .setOutput(to)
                .optStore(s3.build())
                .optShardBytes(SHARD_BYTES)
                .optPartBytes(ShardWriterBuilder.MIN_PART_BYTES);
    }

    private static String url(String prefix) {
        return "s3://" + BUCKET + "/" + prefix;
    }

    /** The objects directly under {@code prefix}, by name. */
    private static Map<String, byte[]> objects(String prefix) {
        Map<String, byte[]> objects = new TreeMap<>();
        try (S3Client client = S3.syncClient()) {
            for (S3Object o :
                    client.listObjectsV2Paginator(r -> r.bucket(BUCKET).prefix(prefix))
                            .contents()) {
                byte[] bytes =
                        client.getObjectAsBytes(r -> r.bucket(BUCKET).key(o.key())).asByteArray();
                objects.put(o.key().substring(prefix.length()), bytes);
            }
        }
        return objects;
    }

    private static void assertObjectsEqualTheReference(String prefix) {
        Map<String, byte[]> objects = objects(prefix);
        assertEquals(reference.keySet(), objects.keySet());
        reference.forEach((name, bytes) -> assertArrayEquals(bytes, objects.get(name), name));
    }

    private static void assertNoUnfinishedUpload() {
        try (S3Client client = S3.syncClient()) {
            assertEquals(List.of(), client.listMultipartUploads(r -> r.bucket(BUCKET)).uploads());
        }
    }

    private static LabeledImageSource shards(String url) throws IOException {
        return TarShardSource.builder()
                .setLocation(url)
                .optStore(S3.storeOptions().build())
                .build();
    }

    /** Guards {@link #assertNoUnfinishedUpload}: an upload started by hand is listed. */
    private static void assertTheListingShowsAnUploadInProgress() {
        try (S3Client client = S3.syncClient()) {
            String id = client.createMultipartUpload(r -> r.bucket(BUCKET).key("probe")).uploadId();
            assertEquals(1, client.listMultipartUploads(r -> r.bucket(BUCKET)).uploads().size());
            client.abortMultipartUpload(r -> r.bucket(BUCKET).key("probe").uploadId(id));
        }
        assertNoUnfinishedUpload();
    }

    /**
     * Reads the shards at {@code url} and checks that they hold every image of {@code input} once,
     * with its bytes and label: a sample's key ends with the image's index in the input.
     */
    private static void assertReadsBackAs(String url, LabeledImageSource input) throws Exception {
        try (LabeledImageSource shards = shards(url)) {
            assertEquals(input.size(), shards.size());
            boolean[] seen = new boolean[(int) input.size()];
            for (long i = 0; i < shards.size(); i++) {
                String name = shards.describe(i);
                int index = Integer.parseInt(name.substring(name.length() - 9));
                assertTrue(!seen[index], "twice: " + name);
                seen[index] = true;
                assertArrayEquals(
                        SourceEpoch.fetch(input, null, List.of((long) index)).get(0),
                        SourceEpoch.fetch(shards, null, List.of(i)).get(0),
                        name);
                assertEquals(input.label(index), shards.label(i), name);
            }
        }
    }
}
