package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The class names of a Hugging Face dataset's label column, from the {@code huggingface} metadata
 * of each file: the {@code ClassLabel} names, the same in every file or an error naming the file
 * that differs.
 */
class HubClassLabelsTest {

    private static final String CATS_DOGS =
            "{\"info\": {\"features\": {\"image\": {\"_type\": \"Image\"},"
                    + " \"label\": {\"names\": [\"cat\", \"dog\"], \"_type\": \"ClassLabel\"}}}}";

    @Test
    void namesOfTheLabelColumnsClassLabelAgreedByEveryFile() {
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        files.put("a.parquet", Map.of("huggingface", CATS_DOGS));
        files.put("b.parquet", Map.of("huggingface", CATS_DOGS, "other", "x"));
        assertEquals(List.of("cat", "dog"), HubClassLabels.of("label", files));
    }

    @Test
    void noNamesWithoutMetadataOrForAColumnThatIsNoClassLabel() {
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        files.put("a.parquet", Map.of());
        assertEquals(List.of(), HubClassLabels.of("label", files));
        files.put("a.parquet", Map.of("huggingface", CATS_DOGS));
        assertEquals(List.of(), HubClassLabels.of("image", files));
    }

    @Test
    void aFileWhoseNamesDifferIsNamedWithBothLists() {
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        files.put("a.parquet", Map.of("huggingface", CATS_DOGS));
        files.put("b.parquet", Map.of("huggingface", CATS_DOGS.replace("dog", "fox")));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class, () -> HubClassLabels.of("label", files));
        assertTrue(e.getMessage().startsWith("b.parquet"), e.getMessage());
        assertTrue(e.getMessage().contains("[cat, fox]"), e.getMessage());
        assertTrue(e.getMessage().contains("[cat, dog]"), e.getMessage());
    }

    @Test
    void unreadableMetadataIsAnErrorNamingTheFile() {
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        files.put("a.parquet", Map.of("huggingface", "{\"info\": "));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class, () -> HubClassLabels.of("label", files));
        assertTrue(e.getMessage().startsWith("a.parquet: unreadable huggingface"), e.getMessage());
    }
}
