package dev.asyncdataset.internal.loose;

import ai.djl.util.Progress;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.items.LabeledKeys;
import dev.asyncdataset.internal.items.Manifest;
import dev.asyncdataset.internal.store.file.FileStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;

/**
 * The labeled images of a source of loose objects: its items and the length of each object as
 * listed, or -1 for an item of a manifest, whose length its read takes from the store's answer.
 *
 * @param keys the keys, relative to the folder, and their labels
 * @param lengths the objects' lengths by item, or -1
 */
public record StoreItems(LabeledKeys keys, long[] lengths) {

    /**
     * Lists the folder's class folders ({@link LabeledKeys#ofClassFolders}), or reads the manifest
     * at {@code manifest} (a local file, or an object of the source's store) when it is not null.
     *
     * @param objects the source's objects
     * @param manifest the manifest's location, or null
     * @param progress reports the listing, or null
     * @return the items
     * @throws IOException if the listing or the manifest cannot be read within the retry budget
     */
    public static StoreItems list(StoreObjects objects, String manifest, Progress progress)
            throws IOException {
        if (manifest != null) {
            LabeledKeys keys =
                    Manifest.parse(
                            new BufferedReader(new StringReader(text(objects, manifest))),
                            manifest);
            long[] unknown = new long[keys.size()];
            Arrays.fill(unknown, -1);
            return new StoreItems(keys, unknown);
        }
        Map<String, Long> listed;
        try {
            listed = objects.list(progress);
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException(
                    "cannot list " + objects.shown() + ": name its images in a manifest", e);
        }
        LabeledKeys keys =
                LabeledKeys.ofClassFolders(new ArrayList<>(listed.keySet()), objects.shown());
        long[] lengths = new long[keys.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = listed.get(keys.key(i));
        }
        return new StoreItems(keys, lengths);
    }

    /** The manifest's text: a local file's, or that of an object of the source's store. */
    private static String text(StoreObjects objects, String manifest) throws IOException {
        if (Locations.isLocal(manifest)) {
            return Files.readString(FileStore.path(manifest));
        }
        String shown = Locations.shown(manifest);
        ByteBuffer body = objects.read(manifest, -1, shown, new BodyBuffers(0));
        return new String(body.array(), 0, body.limit(), StandardCharsets.UTF_8);
    }
}
