package dev.asyncdataset.it;

import dev.asyncdataset.internal.s3.S3ObjectStore;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.s3.S3OptionsBuilder;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store contract for S3, against S3Proxy, whose listings hold 1,000 keys a page, so that a
 * listing of 2,001 takes three.
 */
class S3StoreContractIT extends ObjectStoreContract {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String BUCKET = "contract";

    @Override
    ObjectStore open() {
        return store(S3.s3Options());
    }

    @Override
    ObjectStore openDenied() {
        return store(
                S3.s3Options()
                        .optCredentials(
                                S3ProxyServer.ACCESS_KEY, "not-" + S3ProxyServer.SECRET_KEY));
    }

    @Override
    String missingBucket() {
        return "s3://no-such-bucket/prefix/";
    }

    private static ObjectStore store(S3OptionsBuilder s3) {
        StoreOptions options =
                StoreOptions.builder()
                        .optS3(s3.build())
                        .optConnectTimeout(SETTINGS.connectTimeout())
                        .optFirstByteTimeout(SETTINGS.firstByteTimeout())
                        .build();
        return new S3ObjectStore(S3Settings.of(options, options.maxObjectBytes()));
    }

    @Override
    String url(String path) {
        return "s3://" + BUCKET + "/" + path;
    }

    @Override
    void put(String path, byte[] bytes) {
        S3.upload(BUCKET, "", Map.of(path, bytes));
    }

    @Override
    int pageSize() {
        return 1000;
    }

    @Override
    boolean readsConditionally() {
        return true;
    }
}
