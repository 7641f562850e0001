package dev.asyncdataset.examples.samples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates a text classification set, WebDataset style: sample {@code 000001} is {@code
 * 000001.txt} (a sentence of 3 to 12 lower-case words) and {@code 000001.cls} (its class, 0 to
 * {@value #CLASSES} - 1). A sentence mixes common words with at least one word of its class's
 * topic: sport, weather or food.
 */
public final class TextData {

    /** How many classes there are. */
    public static final int CLASSES = 3;

    private static final String[][] TOPICS = {
        {"goal", "match", "team", "player", "score", "coach", "league"},
        {"rain", "sunny", "cloud", "storm", "wind", "forecast", "snow"},
        {"bread", "soup", "cheese", "recipe", "dinner", "spicy", "bake"}
    };

    private static final String[] COMMON = {
        "the", "a", "today", "was", "very", "and", "we", "saw", "some", "of", "it", "really"
    };

    private TextData() {}

    /**
     * Writes {@code count} samples into {@code root}, classes in turn.
     *
     * @param root the folder, created if needed
     * @param count how many samples
     * @param seed the seed of the sentences
     * @throws IOException if a file cannot be written
     */
    public static void write(Path root, int count, long seed) throws IOException {
        Files.createDirectories(root);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            int type = i % CLASSES;
            String key = String.format("%06d", i);
            Files.writeString(root.resolve(key + ".txt"), sentence(TOPICS[type], random));
            Files.write(
                    root.resolve(key + ".cls"),
                    Integer.toString(type).getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** A sentence of common words and one or more of {@code topic}'s, in random order. */
    private static String sentence(String[] topic, SplittableRandom random) {
        List<String> words = new ArrayList<>();
        int length = random.nextInt(3, 13);
        words.add(topic[random.nextInt(topic.length)]);
        while (words.size() < length) {
            String[] from = random.nextInt(3) == 0 ? topic : COMMON;
            words.add(random.nextInt(words.size() + 1), from[random.nextInt(from.length)]);
        }
        return String.join(" ", words);
    }
}
