package dev.asyncdataset.it;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import java.lang.management.ManagementFactory;

/**
 * Streams the Parquet files of a folder with {@code ConcurrentDataset}'s defaults for a number of
 * epochs, printing this JVM's G1 region size first and the items of each epoch: the child process
 * of {@link SmallHeapParquetIT}. Arguments: the folder, ending with {@code /}, and the epochs.
 */
public final class StreamParquetEpochs {

    private StreamParquetEpochs() {}

    /** Streams {@code args[1]} epochs of the files in folder {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        HotSpotDiagnosticMXBean vm =
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        System.out.println("region bytes " + vm.getVMOption("G1HeapRegionSize").getValue());
        try (LabeledImageSource source = ParquetSource.builder().setLocation(args[0]).build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(16, true)
                            .optPipeline(ImageRecipes.evaluation(16, 16))
                            .build();
            for (int epoch = 0; epoch < Integer.parseInt(args[1]); epoch++) {
                long items = 0;
                for (Batch batch : dataset.getData(manager)) {
                    items += batch.getSize();
                    batch.close();
                }
                System.out.println("epoch " + epoch + " items " + items);
            }
        }
    }
}
