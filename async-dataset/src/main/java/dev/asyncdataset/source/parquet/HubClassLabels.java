package dev.asyncdataset.source.parquet;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The class names a Hugging Face dataset gives its label column: the {@code ClassLabel} names in
 * the {@code huggingface} key-value metadata of each Parquet file's footer ({@code info -> features
 * -> <label> -> names}), which every file must agree on.
 */
final class HubClassLabels {

    /** The footer's key of the metadata the {@code datasets} library writes. */
    static final String KEY = "huggingface";

    private HubClassLabels() {}

    /**
     * The names of column {@code label} that every file's metadata gives, or an empty list if no
     * file names them.
     *
     * @param metadata each file's key-value metadata by its name, in file order
     * @throws IllegalArgumentException naming the file whose names are unreadable or differ from
     *     the first file's
     */
    static List<String> of(String label, Map<String, Map<String, String>> metadata) {
        List<String> first = null;
        for (Map.Entry<String, Map<String, String>> file : metadata.entrySet()) {
            List<String> names = names(file.getKey(), label, file.getValue().get(KEY));
            if (first == null) {
                first = names;
            } else if (!first.equals(names)) {
                throw new IllegalArgumentException(
                        file.getKey()
                                + " names the classes of column "
                                + label
                                + " "
                                + shown(names)
                                + ", the first file "
                                + shown(first));
            }
        }
        return first == null ? List.of() : first;
    }

    /** The names in one file's metadata {@code json}; empty without metadata or a ClassLabel. */
    private static List<String> names(String file, String label, String json) {
        if (json == null) {
            return List.of();
        }
        try {
            JsonObject features = object(object(JsonParser.parseString(json), "info"), "features");
            JsonObject column = object(features, label);
            if (column == null || !column.has("names") || !column.get("names").isJsonArray()) {
                return List.of();
            }
            List<String> names = new ArrayList<>();
            for (JsonElement name : column.getAsJsonArray("names")) {
                names.add(name.getAsString());
            }
            return List.copyOf(names);
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
            throw new IllegalArgumentException(
                    file + ": unreadable " + KEY + " metadata: " + e.getMessage(), e);
        }
    }

    /** Member {@code name} of {@code json} if both are objects, else null. */
    private static JsonObject object(JsonElement json, String name) {
        if (json == null || !json.isJsonObject()) {
            return null;
        }
        JsonElement member = json.getAsJsonObject().get(name);
        return member != null && member.isJsonObject() ? member.getAsJsonObject() : null;
    }

    private static String shown(List<String> names) {
        return names.isEmpty() ? "not at all" : "as " + names;
    }
}
