package dev.asyncdataset.internal.text;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;

/**
 * Checks a {@code tokenizer.json} before the native tokenizer reads it, for what would make it
 * panic and end the JVM rather than fail: an unknown token that is not in the model's vocabulary
 * (the token of a word-level, WordPiece or BPE model, {@code model.unk_token}, is looked up there
 * whenever a word is unknown; a Unigram model's {@code model.unk_id} indexes its vocabulary).
 */
final class TokenizerCheck {

    private TokenizerCheck() {}

    /**
     * Checks the tokenizer in {@code json}.
     *
     * @throws IllegalArgumentException naming the file if it is not JSON or its unknown token is
     *     not in its vocabulary
     */
    static void check(TokenizerJson json) {
        String file = json.name();
        JsonElement model;
        try {
            JsonElement root =
                    JsonParser.parseString(new String(json.json(), StandardCharsets.UTF_8));
            model = root.isJsonObject() ? root.getAsJsonObject().get("model") : null;
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(
                    "tokenizer " + file + " does not parse: " + e.getMessage(), e);
        }
        if (model == null || !model.isJsonObject()) {
            return;
        }
        String problem = unknownTokenProblem(model.getAsJsonObject());
        if (problem != null) {
            throw new IllegalArgumentException(
                    "tokenizer "
                            + file
                            + ": "
                            + problem
                            + ", which would crash the native"
                            + " tokenizer on the first unknown word");
        }
    }

    /** What is wrong with the model's unknown token, or null. */
    private static String unknownTokenProblem(JsonObject model) {
        JsonElement vocab = model.get("vocab");
        JsonElement token = model.get("unk_token");
        if (token != null && token.isJsonPrimitive() && vocab != null && vocab.isJsonObject()) {
            String unknown = token.getAsString();
            return vocab.getAsJsonObject().has(unknown)
                    ? null
                    : "its unknown token " + unknown + " (model.unk_token) is not in model.vocab";
        }
        JsonElement id = model.get("unk_id");
        if (id != null && id.isJsonPrimitive() && vocab != null && vocab.isJsonArray()) {
            long unknown = id.getAsLong();
            int size = vocab.getAsJsonArray().size();
            return unknown >= 0 && unknown < size
                    ? null
                    : "its unknown id "
                            + unknown
                            + " (model.unk_id) is not in model.vocab of "
                            + size;
        }
        return null;
    }
}
