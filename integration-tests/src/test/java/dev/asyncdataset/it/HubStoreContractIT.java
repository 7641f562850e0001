package dev.asyncdataset.it;

import dev.asyncdataset.internal.store.hf.HubStore;
import dev.asyncdataset.store.ObjectStore;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store contract for the Hugging Face Hub's store, against the tests' imitation of the Hub and
 * its CDN ({@link HubServer}): a private dataset, read with its token, whose files are written as
 * commits on {@code main}. Every test of the contract runs but the listing at any depth and the
 * conditional read: the Hub's CDN serves a file by its content, so a resumed read is compared by
 * the body's identity instead.
 */
class HubStoreContractIT extends ObjectStoreContract {

    private static final String TOKEN = "hf_contract_token";

    @RegisterExtension static final HubServer HUB = new HubServer(TOKEN, 3);

    @Override
    ObjectStore open() {
        return HubStore.builder()
                .setSettings(SETTINGS)
                .optEndpoint(HUB.endpoint())
                .optToken(TOKEN)
                .build();
    }

    @Override
    ObjectStore openDenied() {
        return HubStore.builder()
                .setSettings(SETTINGS)
                .optEndpoint(HUB.endpoint())
                .optToken("not-" + TOKEN)
                .build();
    }

    @Override
    String missingBucket() {
        return "hf://datasets/org/no-such-dataset@main/prefix/";
    }

    @Override
    String url(String path) {
        return "hf://datasets/org/contract@main/" + path;
    }

    @Override
    void put(String path, byte[] bytes) {
        HUB.commit("org/contract", "main", Map.of(path, bytes));
    }

    @Override
    int pageSize() {
        return 3;
    }

    @Override
    boolean listsAtAnyDepth() {
        return false;
    }
}
