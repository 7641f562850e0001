package dev.asyncdataset.source.tar;

import dev.asyncdataset.source.folder.ImageFolderSource;
import dev.asyncdataset.source.folder.SampleFolderSource;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.store.file.FileStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Local files: a path, or a {@code file:} URL. */
final class FolderStore implements Store {

    static final FolderStore INSTANCE = new FolderStore();

    private FolderStore() {}

    private static Path path(String location) {
        return FileStore.path(location);
    }

    @Override
    public String checkInput(String location, String what) {
        Path folder = path(location);
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException(what + " " + folder + " is not a directory");
        }
        return folder.toString();
    }

    @Override
    public void checkOutput(String location) {
        path(location);
    }

    @Override
    public ShardInput images(String location, S3Options options) throws IOException {
        ImageFolderSource folder = ImageFolderSource.of(path(location));
        return ShardInput.labeled(folder, folder.getClasses());
    }

    @Override
    public ShardInput samples(String location, S3Options options) throws IOException {
        return new ShardInput(SampleFolderSource.of(path(location), ShardInput.NOT_DECODED), null);
    }
}
