package dev.asyncdataset.source;

import java.util.HashMap;
import java.util.Map;

/**
 * Parses one flat JSON object whose values are strings or numbers, such as {@code {"key":
 * "cat/1.jpg", "label": 3}}, into a map of member name to value text. Just enough JSON for manifest
 * lines; nested values are rejected.
 */
final class FlatJson {

    private final String text;
    private int pos;

    private FlatJson(String text) {
        this.text = text;
    }

    /**
     * @throws IllegalArgumentException if {@code text} is not a flat JSON object
     */
    static Map<String, String> parse(String text) {
        FlatJson parser = new FlatJson(text);
        Map<String, String> members = new HashMap<>();
        parser.expect('{');
        if (parser.peek() != '}') {
            do {
                String name = parser.string();
                parser.expect(':');
                members.put(name, parser.peek() == '"' ? parser.string() : parser.number());
            } while (parser.consumeIf(','));
        }
        parser.expect('}');
        if (parser.pos != text.length()) {
            throw parser.error("trailing characters");
        }
        return members;
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos++);
            if (c == '\\') {
                out.append(escape());
            } else {
                out.append(c);
            }
        }
        expect('"');
        return out.toString();
    }

    private char escape() {
        if (pos >= text.length()) {
            throw error("unfinished escape");
        }
        char c = text.charAt(pos++);
        return switch (c) {
            case '"', '\\', '/' -> c;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> unicodeEscape();
            default -> throw error("bad escape \\" + c);
        };
    }

    private char unicodeEscape() {
        if (pos + 4 > text.length()) {
            throw error("unfinished \\u escape");
        }
        pos += 4;
        return (char) Integer.parseInt(text.substring(pos - 4, pos), 16);
    }

    private String number() {
        int start = pos;
        while (pos < text.length() && "+-.0123456789eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a string or a number");
        }
        return text.substring(start, pos);
    }

    private char peek() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private boolean consumeIf(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!consumeIf(c)) {
            throw error("expected '" + c + "'");
        }
        peek();
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at column " + (pos + 1) + " of: " + text);
    }
}
