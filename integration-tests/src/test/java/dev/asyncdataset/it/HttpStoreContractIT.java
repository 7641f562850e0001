package dev.asyncdataset.it;

import dev.asyncdataset.internal.store.HttpUrls;
import dev.asyncdataset.store.ObjectStore;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The store contract for the HTTP(S) store, against the tests' local HTTP server. */
class HttpStoreContractIT extends ObjectStoreContract {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    @Override
    ObjectStore open() {
        return HttpUrls.open(SETTINGS);
    }

    @Override
    String url(String path) {
        return HTTP.url("/contract/" + path);
    }

    @Override
    void put(String path, byte[] bytes) {
        HTTP.put("/contract/", Map.of(path, bytes));
    }

    @Override
    int pageSize() {
        return 0;
    }
}
