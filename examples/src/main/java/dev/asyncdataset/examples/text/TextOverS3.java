package dev.asyncdataset.examples.text;

import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.examples.s3.S3Uploader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Trains {@link TrainTextLm}'s model from remote storage: the Parquet files of a local folder are
 * uploaded to an embedded S3Proxy that adds a fixed latency to every request (the main job's S3
 * server) and read back from {@code s3://text-lm/train/} while training, which prints the GETs
 * served.
 */
public final class TextOverS3 {

    /** Where the files are served. */
    public static final String URL = "s3://text-lm/train/";

    /** The HTTP connections of the Parquet reads. */
    private static final int CONNECTIONS = 64;

    private TextOverS3() {}

    /**
     * Serves the Parquet files of {@code local} with {@code latencyMillis} per request, trains from
     * there as {@link TrainTextLm#train} does and returns the loss of each step.
     *
     * @param local the folder of {@link TextLmData}'s files
     * @param latencyMillis the latency added to every request, 0 for none
     * @param tokenizer the {@code tokenizer.json}, a local file
     * @param shape the steps, the sequence length and the batch size
     * @param every the steps between two printed lines
     * @param out where the lines go
     * @return the loss of each step
     * @throws Exception if the server cannot start, the upload fails or training fails
     */
    public static List<Float> train(
            Path local, long latencyMillis, Path tokenizer, int[] shape, int every, PrintStream out)
            throws Exception {
        try (EmbeddedS3Proxy s3 = EmbeddedS3Proxy.start(latencyMillis)) {
            int files = S3Uploader.uploadSamples(s3.connection(), local, URL);
            out.printf(
                    "uploaded %d files to %s on S3Proxy %s (+%d ms per request)%n",
                    files, URL, s3.connection().endpoint(), latencyMillis);
            List<Float> losses =
                    TrainTextLm.train(
                            URL,
                            s3.connection().options(CONNECTIONS).build(),
                            tokenizer,
                            shape,
                            every,
                            out);
            out.printf("S3Proxy served %d GETs%n", s3.gets().served());
            return losses;
        }
    }
}
