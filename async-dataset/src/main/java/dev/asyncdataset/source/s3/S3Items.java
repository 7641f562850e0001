package dev.asyncdataset.source.s3;

import ai.djl.util.Progress;
import dev.asyncdataset.internal.items.LabeledKeys;
import dev.asyncdataset.internal.items.LooseSamples;
import dev.asyncdataset.internal.items.Manifest;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.S3Listing;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Lists the items of an S3 source: those of an {@link S3Source} from a local manifest file, a
 * manifest object in the bucket, or the folder layout under the prefix; those of an {@link
 * S3SampleSource} from the keys under the prefix.
 *
 * @param objects the bucket, its client and retrier (which retries the GET of a manifest object and
 *     each LIST page)
 * @param pageTimeout how long one LIST page may take
 * @param manifestKey the manifest object's key, or null
 * @param manifestFile the local manifest, or null
 */
record S3Items(S3Objects objects, Duration pageTimeout, String manifestKey, Path manifestFile) {

    /** Lists the labeled images, reporting to {@code progress} (which may be null). */
    LabeledKeys list(Progress progress) throws IOException {
        return listing(
                () -> {
                    if (manifestFile != null) {
                        try (BufferedReader reader = Files.newBufferedReader(manifestFile)) {
                            return Manifest.parse(reader, manifestFile.toString());
                        }
                    }
                    if (manifestKey != null) {
                        return Manifest.parse(
                                new BufferedReader(new StringReader(manifest())),
                                location().url(manifestKey));
                    }
                    return folderLayout(progress);
                });
    }

    /**
     * Lists the samples: every key under the prefix, grouped by WebDataset's key rule relative to
     * the prefix, hidden names left out ({@link LooseSamples}).
     */
    LooseSamples samples(Progress progress) throws IOException {
        return listing(
                () -> {
                    List<String> keys = new ArrayList<>();
                    forEachKey(progress, keys::add);
                    return LooseSamples.group(keys)
                            .requireSome(location().url(location().prefix()));
                });
    }

    private BucketPrefix location() {
        return objects.location();
    }

    private String manifest() throws Exception {
        return objects.retrier()
                .call(
                        manifestKey,
                        () ->
                                S3Listing.read(
                                        objects.clients().async(),
                                        location().bucket(),
                                        manifestKey));
    }

    /** Runs a listing, turning a failure that is neither I/O nor a bad argument into I/O. */
    private <T> T listing(Callable<T> list) throws IOException {
        try {
            return list.call();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(
                    "cannot list " + location().url(location().prefix()) + ": " + e.getMessage(),
                    e);
        }
    }

    /** Lists the {@code prefix/<class>/<file>} keys ({@link LabeledKeys#ofClassFolders}). */
    private LabeledKeys folderLayout(Progress progress) throws Exception {
        List<String> keys = new ArrayList<>();
        forEachKey(progress, keys::add);
        return LabeledKeys.ofClassFolders(keys, location().url(location().prefix()));
    }

    /**
     * Hands every key under the prefix, relative to it, to {@code keys}, reporting the count to
     * {@code progress}. Pages are requested one after the other, each retried on its own from its
     * continuation token, so a failed page costs one page, not the listing so far.
     */
    private void forEachKey(Progress progress, Consumer<String> keys) throws Exception {
        if (progress != null) {
            progress.reset("Listing " + location().url(location().prefix()), 1);
        }
        long[] listed = {0};
        S3Listing.forEach(
                objects.clients().async(),
                location(),
                objects.retrier(),
                pageTimeout,
                page -> {
                    for (S3Object object : page) {
                        keys.accept(object.key().substring(location().prefix().length()));
                    }
                    listed[0] += page.size();
                    if (progress != null) {
                        progress.update(0, listed[0] + " keys");
                    }
                });
        if (progress != null) {
            progress.end();
        }
    }
}
