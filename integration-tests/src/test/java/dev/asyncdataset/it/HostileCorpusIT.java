package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.HostileCorpus;
import dev.asyncdataset.testing.HostileCorpus.Entry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@link HostileCorpus} in a bucket, under keys with spaces and non-ASCII characters: listed,
 * fetched and decoded as from a folder, the bad objects skipped and counted, nothing else lost.
 */
class HostileCorpusIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    @Test
    void oddKeysRoundTripAndExactlyTheBadObjectsAreSkipped() throws Exception {
        Map<String, byte[]> objects = new LinkedHashMap<>();
        for (Entry entry : HostileCorpus.entries()) {
            objects.put("all/" + entry.name(), entry.bytes());
        }
        S3.upload("corpus", "odd prefix/", objects);
        try (LabeledImageSource s3 = S3.sourceBuilder("s3://corpus/odd prefix").build();
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals(objects.size(), s3.size());
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(s3)
                            .setSampling(4, false)
                            .optPipeline(ImageRecipes.evaluation(32, 32))
                            .optBadItemPolicy(BadItemPolicy.SKIP)
                            .build();
            Set<String> delivered = new TreeSet<>();
            for (Batch batch : dataset.getData(manager)) {
                for (Object index : batch.getIndices()) {
                    delivered.add(ItemKeys.key(s3, (Long) index, "s3://corpus/odd prefix/all/"));
                }
                batch.close();
            }
            assertEquals(HostileCorpus.goodNames(), delivered);
            assertEquals(objects.size() - delivered.size(), dataset.stats().skippedItems());
        }
    }
}
