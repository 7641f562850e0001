package dev.asyncdataset.source;

import ai.djl.util.Progress;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.Retrier;
import dev.asyncdataset.internal.s3.S3Listing;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Lists the items of an {@link S3Source}: from a local manifest file, a manifest object in the
 * bucket, or the folder layout under the prefix.
 *
 * @param client the source's client
 * @param retrier retries the GET of a manifest object and each LIST page
 * @param pageTimeout how long one LIST page may take
 * @param location the bucket and prefix
 * @param manifestKey the manifest object's key, or null
 * @param manifestFile the local manifest, or null
 */
record S3Items(
        S3AsyncClient client,
        Retrier retrier,
        Duration pageTimeout,
        BucketPrefix location,
        String manifestKey,
        Path manifestFile) {

    /** Lists the items, reporting to {@code progress} (which may be null). */
    LabeledKeys list(Progress progress) throws IOException {
        try {
            if (manifestFile != null) {
                try (BufferedReader reader = Files.newBufferedReader(manifestFile)) {
                    return Manifest.parse(reader, manifestFile.toString());
                }
            }
            if (manifestKey != null) {
                String text =
                        retrier.call(
                                manifestKey,
                                () -> S3Listing.read(client, location.bucket(), manifestKey));
                return Manifest.parse(
                        new BufferedReader(new StringReader(text)), location.url(manifestKey));
            }
            return folderLayout(progress);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(
                    "cannot list " + location.url(location.prefix()) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Lists {@code prefix/<class>/<file>} keys with DJL's image extensions, grouped by class;
     * nested keys and hidden names are skipped. Pages are requested one after the other, each
     * retried on its own from its continuation token, so a failed page costs one page, not the
     * listing so far.
     */
    private LabeledKeys folderLayout(Progress progress) throws Exception {
        SortedMap<String, List<String>> byClass = new TreeMap<>();
        if (progress != null) {
            progress.reset("Listing " + location.url(location.prefix()), 1);
        }
        long[] keys = {0};
        S3Listing.forEach(
                client,
                location,
                retrier,
                pageTimeout,
                page -> {
                    for (S3Object object : page) {
                        add(byClass, object.key().substring(location.prefix().length()));
                    }
                    keys[0] += page.size();
                    if (progress != null) {
                        progress.update(0, keys[0] + " keys");
                    }
                });
        if (progress != null) {
            progress.end();
        }
        if (byClass.isEmpty()) {
            throw new IllegalArgumentException(
                    "no <class>/<image> keys under " + location.url(location.prefix()));
        }
        return LabeledKeys.ofClasses(byClass);
    }

    private static void add(SortedMap<String, List<String>> byClass, String relativeKey) {
        int slash = relativeKey.indexOf('/');
        if (slash <= 0 || relativeKey.indexOf('/', slash + 1) >= 0) {
            return;
        }
        String className = relativeKey.substring(0, slash);
        if (!className.startsWith(".")
                && LabeledKeys.isImageName(relativeKey.substring(slash + 1))) {
            byClass.computeIfAbsent(className, c -> new ArrayList<>()).add(relativeKey);
        }
    }
}
