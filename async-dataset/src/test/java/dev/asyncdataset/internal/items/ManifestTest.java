package dev.asyncdataset.internal.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestTest {

    private static LabeledKeys parse(String text) throws Exception {
        return Manifest.parse(new BufferedReader(new StringReader(text)), "m.csv");
    }

    @Test
    void csvWithHeaderAndIntegerLabels() throws Exception {
        LabeledKeys items = parse("key,label\na/1.jpg,3\n\n  b,c/2.jpg , 0 \n");
        assertEquals(2, items.size());
        assertEquals("a/1.jpg", items.key(0));
        assertEquals(3, items.label(0));
        assertEquals("b,c/2.jpg", items.key(1));
        assertEquals(0, items.label(1));
        assertEquals(List.of(), items.classes());
    }

    @Test
    void jsonLinesWithClassNamesNumberedInSortedOrder() throws Exception {
        LabeledKeys items =
                parse(
                        """
                        {"key": "x/1.jpg", "label": "zebra"}
                        {"label":"ant","key":"x/\\"q\\".jpg"}
                        {"key": "x/3.jpg", "label": "zebra", "extra": 1.5e3}
                        """);
        assertEquals(List.of("ant", "zebra"), items.classes());
        assertEquals(1, items.label(0));
        assertEquals("x/\"q\".jpg", items.key(1));
        assertEquals(0, items.label(1));
        assertEquals(1, items.label(2));
    }

    @Test
    void malformedLinesNameTheManifestAndLine() {
        IllegalArgumentException csv =
                assertThrows(IllegalArgumentException.class, () -> parse("a.jpg,1\nno-label\n"));
        assertTrue(csv.getMessage().startsWith("m.csv line 2: "), csv.getMessage());
        IllegalArgumentException json =
                assertThrows(IllegalArgumentException.class, () -> parse("{\"key\": \"a\"}"));
        assertTrue(json.getMessage().startsWith("m.csv line 1: "), json.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> parse("{\"key\": \"a\", \"label\": [1]}"));
        assertThrows(
                IllegalArgumentException.class, () -> parse("{\"key\": \"a\", \"label\": 1} x"));
    }

    @Test
    void jsonLinesDecodeEscapes() throws Exception {
        LabeledKeys items = parse("{\"key\":\"a\\\\b\\n\\u00e9\\/\", \"label\": -2}");
        assertEquals("a\\b\n\u00e9/", items.key(0));
        assertEquals(-2, items.label(0));
    }

    @Test
    void malformedJsonNamesTheColumn() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> parse("{\"key\" \"a\"}"));
        assertEquals("m.csv line 1: malformed JSON at column 9: {\"key\" \"a\"}", e.getMessage());
    }

    @Test
    void jsonLinesAreStrict() {
        for (String line :
                List.of(
                        "{key: \"a\", \"label\": 1}",
                        "{\"key\": \"a\", \"label\": true}",
                        "{\"key\": \"a\",")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> parse("a.jpg,1\n" + line));
            assertTrue(e.getMessage().startsWith("m.csv line 2: "), e.getMessage());
            assertTrue(e.getMessage().endsWith(line), e.getMessage());
            assertTrue(e.getMessage().indexOf('\n') < 0, e.getMessage());
        }
    }
}
