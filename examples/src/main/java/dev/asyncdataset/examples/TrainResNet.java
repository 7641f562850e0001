package dev.asyncdataset.examples;

import dev.asyncdataset.examples.s3.S3Connection;
import java.util.List;
import java.util.Map;

/**
 * Trains ResNet-18 on an ImageNet-layout data set, {@code train/} and {@code val/} of {@code
 * class/image.jpg} in a folder or under an {@code s3://bucket/prefix}, with ConcurrentDataset or,
 * for comparison, DJL's own loader (ConcurrentDataset also under a prefix of any other store, such
 * as {@code az://container/prefix}); or, with ConcurrentDataset only, on WebDataset tar shards
 * (written by {@code WriteShards}) or Hugging Face Hub-layout Parquet (written by {@code
 * WriteParquet}) of each split, in a folder or under a prefix of any store. Validates after every
 * epoch (top-1, top-5), and checkpoints and resumes ({@link RecipeSettings}). Options (defaults in
 * {@link TrainingSettings#defaults()} and {@link RecipeSettings#defaults()}):
 *
 * <pre>
 * --data DIR|s3://bucket/prefix|az://container/prefix (holding train/ and val/)  --train URL  --val URL|none
 * --val-labels FILE (key,label manifest of flat validation files on S3)
 * --format auto|images|shards|parquet (auto: shards or Parquet if the training folder holds .tar
 *   or .parquet files, or a store's prefix holds no class folders but them); --train and --val of Parquet may name a file or a glob (hf://.../*.parquet)
 * --classes N (shards or Parquet without class names; 0 counts the labels)
 * --endpoint URL (S3-compatible store, path style)
 * --loader concurrent|djl  --epochs N  --batch-size N  --image-size PX  --max-steps N (per epoch)
 * --optimizer sgd|adam  --lr X (0: 0.1 x batch / 256)  --warmup-steps N|auto
 * --checkpoint-dir DIR  --checkpoint-every STEPS  --resume DIR  --csv FILE  --step-log FILE
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
            Options options = Options.parse(args, defaults());
            TrainingSettings settings = TrainingSettings.from(options);
            S3Connection connection = S3Connection.withDefaultCredentials(settings.endpoint());
            RunResult result =
                    ResNetTraining.run(settings, RecipeSettings.from(options), connection);
            System.out.print(ResultTable.format(List.of(result)));
            System.out.println("RESULT " + result.json());
            System.exit(0);
        } catch (Exception e) {
            System.err.println("training failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    /**
     * Returns the options and their defaults.
     *
     * @return the training options and the recipe's
     */
    public static Map<String, String> defaults() {
        Map<String, String> defaults = TrainingSettings.defaults();
        defaults.putAll(RecipeSettings.defaults());
        return defaults;
    }
}
