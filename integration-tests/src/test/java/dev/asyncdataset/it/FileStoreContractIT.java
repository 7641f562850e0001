package dev.asyncdataset.it;

import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.store.ObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store contract for local files, in a temporary folder; an object is replaced by renaming a
 * new file over it, as a writer does.
 */
class FileStoreContractIT extends ObjectStoreContract {

    @TempDir static Path root;

    @Override
    ObjectStore open() {
        return FileStore.INSTANCE;
    }

    @Override
    String url(String path) {
        String file = root.resolve(path).toString();
        return path.endsWith("/") ? file + "/" : file;
    }

    @Override
    void put(String path, byte[] bytes) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Path written = Files.write(file.resolveSibling(file.getFileName() + ".tmp"), bytes);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    int pageSize() {
        return 2;
    }
}
