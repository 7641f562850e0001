package dev.asyncdataset.source.jsonl;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.sample.Sample;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a JSON Lines record as a {@link Sample}: the line must be one JSON object under RFC 8259's
 * rules, and each of its fields becomes a part, a string as its UTF-8 bytes and any other value
 * (number, boolean, array, object) as its JSON text; a {@code null} field is no part, so that a
 * decoder asking for it reports it missing.
 */
final class LineSamples {

    private LineSamples() {}

    /**
     * The sample of {@code line}, keyed {@code name}.
     *
     * @throws BadItemException naming the record if the line is not UTF-8 or not one JSON object
     */
    static Sample parse(String name, byte[] line) throws BadItemException {
        JsonObject object = object(name, utf8(name, line));
        Map<String, byte[]> parts = new HashMap<>();
        for (Map.Entry<String, JsonElement> field : object.entrySet()) {
            JsonElement value = field.getValue();
            if (value.isJsonNull()) {
                continue;
            }
            String text =
                    value.isJsonPrimitive() && value.getAsJsonPrimitive().isString()
                            ? value.getAsString()
                            : value.toString();
            parts.put(field.getKey(), text.getBytes(StandardCharsets.UTF_8));
        }
        return new Sample(name, parts);
    }

    private static String utf8(String name, byte[] line) throws BadItemException {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(line)).toString();
        } catch (CharacterCodingException e) {
            throw new BadItemException(name, "not UTF-8 text", e);
        }
    }

    private static JsonObject object(String name, String text) throws BadItemException {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setStrictness(Strictness.STRICT);
        try {
            JsonElement value = JsonParser.parseReader(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw new IOException("more after the JSON value at " + reader.getPath());
            }
            if (!value.isJsonObject()) {
                throw new IOException("a JSON " + kind(value) + ", not an object");
            }
            return value.getAsJsonObject();
        } catch (IOException | JsonParseException | IllegalStateException e) {
            throw new BadItemException(name, "not a JSON object: " + e.getMessage(), e);
        }
    }

    private static String kind(JsonElement value) {
        return value.isJsonArray() ? "array" : value.isJsonNull() ? "null" : "value";
    }
}
