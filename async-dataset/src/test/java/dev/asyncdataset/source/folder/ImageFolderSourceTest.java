package dev.asyncdataset.source.folder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.basicdataset.cv.classification.ImageFolder;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageFolderSourceTest {

    @TempDir Path root;

    @Test
    void sameClassesOrderLabelsAndPixelsAsDjlImageFolder() throws Exception {
        TestImages.write(root, TestImages.classFolders(3, 4, 40, 30));
        Files.createDirectories(root.resolve("class1-b"));
        Files.write(root.resolve("class1-b/UPPER.JPEG"), TestImages.jpeg(20, 10, 7));
        Files.write(root.resolve("class1-b/.hidden.jpg"), TestImages.jpeg(20, 10, 8));
        Files.writeString(root.resolve("class1-b/notes.txt"), "not an image");
        Files.createDirectories(root.resolve(".git/x"));
        Files.createDirectories(root.resolve("empty"));

        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        ImageFolder djl =
                ImageFolder.builder().setRepositoryPath(root).setSampling(1, false).build();
        djl.prepare();
        assertEquals(djl.getClasses(), source.getClasses());
        assertEquals(
                List.of("class0", "class1", "class1-b", "class2", "empty"), source.getClasses());
        assertEquals(djl.size(), source.size());
        assertEquals(13, source.size());
        try (NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < source.size(); i++) {
                Record ours = source.decode(manager, i, source.fetch(manager, i));
                Record theirs = djl.get(manager, i);
                assertEquals(theirs.getData().head(), ours.getData().head(), source.describe(i));
                NDArray label = ours.getLabels().head();
                assertEquals(theirs.getLabels().head(), label);
                assertEquals(DataType.INT64, label.getDataType());
                assertEquals(new Shape(), label.getShape());
            }
        }
    }

    @Test
    void imageIsHwcUint8AndLabelIsTheClassPosition() throws Exception {
        TestImages.write(root, TestImages.classFolders(2, 1, 40, 30));
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        assertEquals(root.toRealPath().resolve("class1/img0.jpg").toString(), source.describe(1));
        try (NDManager manager = NDManager.newBaseManager()) {
            Record record = source.decode(manager, 1, source.fetch(manager, 1));
            assertEquals(new Shape(30, 40, 3), record.getData().head().getShape());
            assertEquals(DataType.UINT8, record.getData().head().getDataType());
            assertEquals(1L, record.getLabels().head().getLong());
        }
    }

    @Test
    void symlinkLeavingTheRootIsRejected(@TempDir Path outside) throws Exception {
        Path secret = Files.write(outside.resolve("secret.jpg"), TestImages.jpeg(8, 8, 1));
        Files.createDirectories(root.resolve("cls"));
        Files.createSymbolicLink(root.resolve("cls/link.jpg"), secret);
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException e =
                    assertThrows(BadItemException.class, () -> source.fetch(manager, 0));
            assertEquals(source.describe(0), e.getKey());
            assertTrue(e.getMessage().contains("outside root"), e.getMessage());
        }
    }

    @Test
    void symlinkedFolderLeavingTheRootIsRejected(@TempDir Path outside) throws Exception {
        Files.write(outside.resolve("secret.jpg"), TestImages.jpeg(8, 8, 1));
        Files.createSymbolicLink(root.resolve("cls"), outside);
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException e =
                    assertThrows(BadItemException.class, () -> source.fetch(manager, 0));
            assertTrue(e.getMessage().contains("outside root"), e.getMessage());
        }
    }

    @Test
    void symlinkInsideTheRootIsRead() throws Exception {
        TestImages.write(root, Map.of("a/real.jpg", TestImages.jpeg(8, 8, 1)));
        Files.createDirectories(root.resolve("b"));
        Files.createSymbolicLink(root.resolve("b/link.jpg"), root.resolve("a/real.jpg"));
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        try (NDManager manager = NDManager.newBaseManager()) {
            assertArrayEquals(
                    TestImages.bytes(source.fetch(manager, 0)),
                    TestImages.bytes(source.fetch(manager, 1)));
        }
    }

    @Test
    void badFilesFailWithTheirPath() throws Exception {
        Files.createDirectories(root.resolve("cls"));
        Files.write(root.resolve("cls/a-empty.jpg"), new byte[0]);
        Files.writeString(root.resolve("cls/b-text.png"), "plain text, not a PNG");
        byte[] jpeg = TestImages.jpeg(64, 64, 3);
        Files.write(root.resolve("cls/c-gone.jpg"), jpeg);
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < source.size(); i++) {
                if (source.describe(i).endsWith("c-gone.jpg")) {
                    Files.delete(Path.of(source.describe(i)));
                }
            }
            for (long i = 0; i < source.size(); i++) {
                long index = i;
                BadItemException e =
                        assertThrows(
                                BadItemException.class,
                                () -> source.decode(manager, index, source.fetch(manager, index)));
                assertEquals(source.describe(i), e.getKey());
                assertTrue(e.getMessage().startsWith(source.describe(i)), e.getMessage());
            }
        }
    }

    @Test
    void rootWithoutClassFoldersIsRefused() throws Exception {
        Files.write(root.resolve("loose.jpg"), TestImages.jpeg(8, 8, 1));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> FolderSource.builder().setLocation(root.toString()).build());
        assertTrue(e.getMessage().contains(root.toString()));
    }
}
