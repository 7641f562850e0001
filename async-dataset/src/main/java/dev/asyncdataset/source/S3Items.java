package dev.asyncdataset.source;

import ai.djl.util.Progress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import software.amazon.awssdk.services.s3.S3AsyncClient;

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
        S3Location location,
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
                        retrier.call(() -> S3Listing.read(client, location.bucket(), manifestKey));
                return Manifest.parse(
                        new BufferedReader(new StringReader(text)), location.url(manifestKey));
            }
            return S3Listing.folderLayout(client, location, retrier, pageTimeout, progress);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(
                    "cannot list " + location.url(location.prefix()) + ": " + e.getMessage(), e);
        }
    }
}
