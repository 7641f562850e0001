package dev.asyncdataset.examples.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(600)
class TrainTextLmTest {

    @TempDir Path data;

    @Test
    void theLossFallsOverAFewDozenStepsOfPackedParquetText() throws Exception {
        TextLmData.write(data, 2, 60, 3);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<Float> losses;
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            losses =
                    TrainTextLm.train(
                            data.toString(),
                            data.resolve("tokenizer.json"),
                            new int[] {40, 32, 8},
                            10,
                            out);
        }
        assertEquals(40, losses.size());
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
