package dev.asyncdataset.internal.items;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a manifest: one item per line, either CSV {@code key,label} (split at the last comma, an
 * optional {@code key,label} header line) or JSON lines {@code {"key": "...", "label": ...}}. Blank
 * lines are skipped. Labels are either all integers (used as they are; no class names) or all class
 * names (numbered in sorted order, as folder classes are).
 */
public final class Manifest {

    /** Strict JSON: no comments, unquoted names or trailing characters on a line. */
    private static final Gson JSON = new GsonBuilder().setStrictness(Strictness.STRICT).create();

    private static final Pattern GSON_COLUMN = Pattern.compile("line \\d+ column (\\d+)");

    private Manifest() {}

    /**
     * Parses the manifest read from {@code reader}.
     *
     * @param name the manifest's path or key, for error messages
     * @throws IllegalArgumentException if a line is malformed, naming {@code name} and the line
     */
    public static LabeledKeys parse(BufferedReader reader, String name) throws IOException {
        List<String> keys = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        String line;
        for (int number = 1; (line = reader.readLine()) != null; number++) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || (number == 1 && trimmed.equals("key,label"))) {
                continue;
            }
            try {
                String[] entry = trimmed.startsWith("{") ? jsonEntry(trimmed) : csvEntry(trimmed);
                keys.add(entry[0]);
                labels.add(entry[1]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        name + " line " + number + ": " + e.getMessage(), e);
            }
        }
        return labelled(keys, labels);
    }

    private static String[] csvEntry(String line) {
        int comma = line.lastIndexOf(',');
        if (comma <= 0 || comma == line.length() - 1) {
            throw new IllegalArgumentException("expected key,label: " + line);
        }
        return new String[] {line.substring(0, comma).strip(), line.substring(comma + 1).strip()};
    }

    private static String[] jsonEntry(String line) {
        JsonObject members;
        try {
            members = JSON.fromJson(line, JsonObject.class);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("malformed JSON" + column(e) + ": " + line, e);
        }
        String key = stringOrNumber(members.get("key"));
        String label = stringOrNumber(members.get("label"));
        if (key == null || key.isEmpty() || label == null) {
            throw new IllegalArgumentException(
                    "expected members \"key\" and \"label\" (strings or numbers): " + line);
        }
        return new String[] {key, label};
    }

    /** Where Gson stopped, as " at column N", from its message (which also gives advice). */
    private static String column(JsonParseException e) {
        Matcher column = GSON_COLUMN.matcher(String.valueOf(e.getMessage()));
        return column.find() ? " at column " + column.group(1) : "";
    }

    /** The text of a string or number member (a number as written), or {@code null}. */
    private static String stringOrNumber(JsonElement value) {
        return value instanceof JsonPrimitive text && (text.isString() || text.isNumber())
                ? text.getAsString()
                : null;
    }

    private static LabeledKeys labelled(List<String> keys, List<String> labels) {
        if (labels.stream().allMatch(Manifest::isInteger)) {
            long[] numbers = labels.stream().mapToLong(Long::parseLong).toArray();
            return new LabeledKeys(List.of(), keys, numbers);
        }
        List<String> classes = new ArrayList<>(new TreeSet<>(labels));
        long[] numbers =
                labels.stream().mapToLong(l -> Collections.binarySearch(classes, l)).toArray();
        return new LabeledKeys(classes, keys, numbers);
    }

    private static boolean isInteger(String text) {
        return text.matches("-?\\d{1,18}");
    }
}
