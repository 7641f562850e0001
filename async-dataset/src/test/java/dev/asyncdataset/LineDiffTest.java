package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineDiffTest {

    private static final List<String> OLD =
            List.of("class A", "  method a()", "", "class B", "  method b()", "  method c()", "");

    @Test
    void equalTextsHaveNoDiff() {
        assertEquals("", LineDiff.of(OLD, OLD));
    }

    @Test
    void eachChangedRunIsNamedAfterTheTypeItBelongsTo() {
        List<String> now =
                List.of(
                        "class A",
                        "  method a()",
                        "",
                        "class B",
                        "  method b(int)",
                        "  method c()");
        assertEquals(
                "@@ class B\n-   method b()\n+   method b(int)\n@@ class B\n-\n",
                LineDiff.of(OLD, now));
    }
}
