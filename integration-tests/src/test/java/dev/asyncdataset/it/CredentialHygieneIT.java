package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ch.qos.logback.classic.Level;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.testing.CapturedLogs;
import dev.asyncdataset.testing.TestImages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secret key never shows, at any log level, in what the library, the AWS SDK or Netty log, in
 * an exception chain, or in a {@code toString()}: through listing, a whole epoch, a missing key,
 * and a wrong secret.
 */
class CredentialHygieneIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String WRONG_SECRET = "wrong-secret-Zq8vX2";
    private static final List<String> LOGGERS =
            List.of("dev.asyncdataset", "software.amazon.awssdk", "io.netty");

    @Test
    void secretsAppearInNoLogNoExceptionAndNoToString(@TempDir Path dir) throws Exception {
        S3.upload("hygiene", "train/", TestImages.classFolders(2, 8, 16, 16));
        Path manifest = Files.writeString(dir.resolve("m.csv"), "c/img0.jpg,0\nmissing.jpg,1\n");
        List<CapturedLogs> logs = new ArrayList<>();
        LOGGERS.forEach(name -> logs.add(new CapturedLogs(name, Level.TRACE)));
        List<Object> shown = new ArrayList<>();
        try (LabeledImageSource good = S3.sourceBuilder("s3://hygiene/train").build();
                LabeledImageSource missing =
                        S3.sourceBuilder("s3://hygiene").optManifest(manifest.toString()).build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset = dataset(good);
            for (Batch batch : dataset.getData(manager)) {
                batch.close();
            }
            shown.addAll(List.of(good, dataset, dataset.stats(), missing));
            shown.add(
                    assertThrows(
                            DataLoadingException.class,
                            () ->
                                    dataset(missing)
                                            .getData(manager)
                                            .iterator()
                                            .forEachRemaining(Batch::close)));
            StoreOptions wrongSecret =
                    StoreOptions.builder()
                            .optS3(
                                    S3.s3Options()
                                            .optCredentials("it-access-key", WRONG_SECRET)
                                            .build())
                            .optMaxAttempts(1)
                            .build();
            FolderSource wrong = S3.sourceBuilder("s3://hygiene/train").optStore(wrongSecret);
            shown.add(wrong);
            try (LabeledImageSource refused = wrong.build()) {
                shown.add(assertThrows(IOException.class, () -> refused.prepare(null)));
            }
        } finally {
            logs.forEach(CapturedLogs::close);
        }
        List<String> texts = texts(logs, shown);
        assertTrue(texts.size() > 20, "too little was captured to prove anything: " + texts);
        for (String secret : List.of(S3ProxyServer.SECRET_KEY, WRONG_SECRET)) {
            for (String text : texts) {
                assertFalse(text.contains(secret), "secret shown in: " + text);
            }
        }
    }

    private static ConcurrentDataset dataset(LabeledImageSource source) {
        return ConcurrentDataset.builder().setSource(source).setSampling(4, false).build();
    }

    /** Every captured log line, every toString, and every message of every exception's chain. */
    private static List<String> texts(List<CapturedLogs> logs, List<Object> shown) {
        List<String> texts = new ArrayList<>();
        logs.forEach(log -> texts.addAll(log.messages()));
        for (Object object : shown) {
            texts.add(object.toString());
            if (object instanceof Throwable error) {
                Stream.iterate(error, t -> t != null, Throwable::getCause)
                        .forEach(t -> texts.add(String.valueOf(t.getMessage())));
            }
        }
        return texts;
    }
}
