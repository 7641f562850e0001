package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.HidingLoader;
import dev.asyncdataset.testing.TextCorpus;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without DJL's tokenizers on the class path, a packed dataset says which dependency to add. */
class TokenizerDependencyTest {

    @Test
    void aPackedDatasetWithoutTheTokenizersSaysWhichDependencyToAdd(@TempDir Path dir)
            throws Exception {
        Path tokenizer = dir.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
        ClassLoader withoutTokenizers = new HidingLoader(List.of("ai.djl.huggingface."));
        Object documents =
                Class.forName(ConcurrentDataset.class.getName(), true, withoutTokenizers)
                        .getMethod("builder")
                        .invoke(null);
        Object builder =
                Class.forName(PackedDataset.class.getName(), true, withoutTokenizers)
                        .getMethod("builder")
                        .invoke(null);
        Class<?> type = builder.getClass();
        type.getMethod("setDocuments", documents.getClass()).invoke(builder, documents);
        type.getMethod("setTokenizer", String.class).invoke(builder, tokenizer.toString());
        type.getMethod("setSequenceLength", int.class).invoke(builder, 8);
        type.getMethod("setBatchSize", int.class).invoke(builder, 2);
        InvocationTargetException e =
                assertThrows(
                        InvocationTargetException.class,
                        () -> type.getMethod("build").invoke(builder));
        IllegalStateException missing = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(
                missing.getMessage().contains("ai.djl.huggingface:tokenizers"),
                missing.getMessage());
    }
}
