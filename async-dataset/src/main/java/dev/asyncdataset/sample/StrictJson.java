package dev.asyncdataset.sample;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;

/**
 * Reads one JSON document with Gson under RFC 8259's rules: Gson's own {@code fromJson} and {@code
 * JsonParser} are lenient (unquoted names, single quotes, comments, an empty input read as null),
 * which would let a corrupt part through as something else.
 */
final class StrictJson {

    private static final Gson GSON = new Gson();

    private StrictJson() {}

    /**
     * Reads {@code text} as one JSON value of type {@code type}.
     *
     * @return the value; {@code null} for the document {@code null}
     * @throws IOException if {@code text} is not exactly one strict JSON value of that type
     */
    static <T> T read(String text, Class<T> type) throws IOException {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setStrictness(Strictness.STRICT);
        try {
            T value = GSON.getAdapter(type).read(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw new IOException("more after the JSON value at " + reader.getPath());
            }
            return value;
        } catch (JsonParseException | IllegalStateException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
