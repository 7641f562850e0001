package dev.asyncdataset.it;

import dev.asyncdataset.internal.store.azure.AzureBlobStore;
import dev.asyncdataset.store.ObjectStore;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store contract for Azure Blob Storage, against Azurite, with listings of 5 blobs a page so
 * that a listing takes several.
 */
class AzureStoreContractIT extends ObjectStoreContract {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    private static final String CONTAINER = "contract";

    @Override
    ObjectStore open() {
        return AzureBlobStore.builder()
                .setSettings(SETTINGS)
                .optCredentials(AZURE.credentials())
                .optPageSize(pageSize())
                .build();
    }

    @Override
    ObjectStore openDenied() {
        return AzureBlobStore.builder()
                .setSettings(SETTINGS)
                .optCredentials(AZURE.deniedCredentials())
                .build();
    }

    @Override
    String missingBucket() {
        return "az://no-such-container/prefix/";
    }

    @Override
    String url(String path) {
        return "az://" + CONTAINER + "/" + path;
    }

    @Override
    void put(String path, byte[] bytes) {
        AZURE.upload(CONTAINER, "", Map.of(path, bytes));
    }

    @Override
    int pageSize() {
        return 5;
    }

    @Override
    boolean readsConditionally() {
        return true;
    }
}
