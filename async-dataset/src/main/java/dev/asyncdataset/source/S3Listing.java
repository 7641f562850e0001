package dev.asyncdataset.source;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/** Lists the items of a bucket prefix and reads small objects such as manifests. */
final class S3Listing {

    private S3Listing() {}

    /**
     * Lists {@code prefix/<class>/<file>} keys with DJL's image extensions (paginated, all pages),
     * grouped by class; nested keys and hidden names are skipped.
     */
    static LabeledKeys folderLayout(S3AsyncClient client, S3Location location) throws Exception {
        SortedMap<String, List<String>> byClass = new TreeMap<>();
        client.listObjectsV2Paginator(r -> r.bucket(location.bucket()).prefix(location.prefix()))
                .contents()
                .subscribe(
                        object -> add(byClass, object.key().substring(location.prefix().length())))
                .get();
        if (byClass.isEmpty()) {
            throw new IllegalArgumentException(
                    "no <class>/<image> keys under " + location.url(location.prefix()));
        }
        return LabeledKeys.ofClasses(byClass);
    }

    /** Called on the SDK's thread, one page item at a time (the subscriber is sequential). */
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

    /** Reads a whole object as UTF-8 text. */
    static String read(S3AsyncClient client, String bucket, String key) throws Exception {
        return client.getObject(r -> r.bucket(bucket).key(key), AsyncResponseTransformer.toBytes())
                .get()
                .asString(StandardCharsets.UTF_8);
    }
}
