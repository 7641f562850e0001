package dev.asyncdataset.examples.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(600)
class TrainTextLmTest {

    private static final int[] SHAPE = {40, 32, 8};

    @TempDir Path data;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @Test
    void theLossFallsOverAFewDozenStepsOfPackedParquetText() throws Exception {
        TextLmData.write(data, 2, 60, 3);
        List<Float> losses;
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            losses =
                    TrainTextLm.train(
                            data.toString(),
                            TrainTextLm.DEFAULT_STORE,
                            data.resolve("tokenizer.json"),
                            SHAPE,
                            10,
                            out);
        }
        assertLossFalls(losses);
    }

    @Test
    void theLossFallsTrainingFromS3ProxyAt20MsPerRequest() throws Exception {
        TextLmData.write(data, 2, 60, 3);
        List<Float> losses;
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            losses = TextOverS3.train(data, 20, data.resolve("tokenizer.json"), SHAPE, 10, out);
        }
        assertLossFalls(losses);
        String lines = printed.toString(StandardCharsets.UTF_8);
        assertTrue(lines.contains("uploaded 3 files to " + TextOverS3.URL), lines);
        assertTrue(lines.contains("(+20 ms per request)"), lines);
        Matcher gets = Pattern.compile("S3Proxy served (\\d+) GETs").matcher(lines);
        assertTrue(gets.find() && Long.parseLong(gets.group(1)) > 0, lines);
    }

    private void assertLossFalls(List<Float> losses) {
        assertEquals(SHAPE[0], losses.size());
        float first = mean(losses.subList(0, 5));
        float last = mean(losses.subList(35, 40));
        assertTrue(last < 0.7f * first, "loss " + first + " -> " + last + ": " + losses);
        String lines = printed.toString(StandardCharsets.UTF_8);
        assertTrue(lines.contains("step 40 loss") && lines.contains("tokens/s"), lines);
    }

    private static float mean(List<Float> values) {
        return (float) values.stream().mapToDouble(Float::doubleValue).average().orElseThrow();
    }
}
