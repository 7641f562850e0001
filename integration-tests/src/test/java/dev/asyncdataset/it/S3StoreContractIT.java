package dev.asyncdataset.it;

import dev.asyncdataset.internal.s3.S3ObjectStore;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
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
        StoreOptions options =
                S3.storeOptions()
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
