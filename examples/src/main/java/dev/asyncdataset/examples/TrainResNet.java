package dev.asyncdataset.examples;

import dev.asyncdataset.examples.s3.S3Connection;
import java.util.List;

/**
 * Trains ResNet-18 on an ImageNet-layout data set ({@code class/image.jpg}) in a folder or under an
 * {@code s3://bucket/prefix}, with ConcurrentDataset or, for comparison, DJL's own loader; or, with
 * ConcurrentDataset only, on WebDataset tar shards (written by {@code WriteShards}) in a folder.
 * Options (defaults in {@link TrainingSettings#defaults()}):
 *
 * <pre>
 * --data DIR|s3://bucket/prefix  --format auto|images|shards (auto: shards if DIR holds .tar files)
 * --endpoint URL (S3-compatible store, path style)
 * --loader concurrent|djl  --epochs N  --batch-size N  --image-size PX  --max-steps N (per epoch)
 * --fetchers N|auto  --workers N  --staging-depth N  --decode-threads N  --djl-threads N
 * --gpus N (-1 all, 0 CPU)  --seed N
 * </pre>
 *
 * S3 credentials come from the AWS default provider chain.
 */
public final class TrainResNet {

    private TrainResNet() {}

    /**
     * Trains once and prints the measurements.
     *
     * @param args the options
     */
    public static void main(String[] args) {
        try {
            TrainingSettings settings =
                    TrainingSettings.from(Options.parse(args, TrainingSettings.defaults()));
            S3Connection connection = S3Connection.withDefaultCredentials(settings.endpoint());
            RunResult result = ResNetTraining.run(settings, connection);
            System.out.print(ResultTable.format(List.of(result)));
            System.out.println("RESULT " + result.json());
            System.exit(0);
        } catch (Exception e) {
            System.err.println("training failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }
}
