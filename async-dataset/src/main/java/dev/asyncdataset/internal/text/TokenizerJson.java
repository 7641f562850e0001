package dev.asyncdataset.internal.text;

import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The bytes of a {@code tokenizer.json}, read from a path or from any store's URL with the default
 * {@link StoreOptions}, and the name messages give it.
 *
 * @param name the file's path, or the URL without its query
 * @param json the file's bytes
 */
record TokenizerJson(String name, byte[] json) {

    /**
     * Reads the tokenizer at {@code location}.
     *
     * @throws IOException if the file or object cannot be read, within the store's retry budget
     */
    static TokenizerJson read(String location) throws IOException {
        if (Locations.isLocal(location)) {
            Path file = FileStore.path(location);
            if (!Files.isRegularFile(file)) {
                throw new NoSuchFileException(file.toString(), null, "no tokenizer file");
            }
            return new TokenizerJson(file.toString(), Files.readAllBytes(file));
        }
        String shown = Locations.shown(location);
        StoreAccess access = StoreAccess.of(StoreOptions.builder().build());
        try (StoreObjects objects =
                StoreObjects.open(Locations.beside(location, ""), access, null)) {
            ByteBuffer body = objects.read(location, -1, shown, new BodyBuffers(0));
            return new TokenizerJson(shown, Arrays.copyOf(body.array(), body.limit()));
        }
    }
}
