package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.io.OptionalDependency;
import dev.asyncdataset.testing.HidingLoader;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetDependenciesTest {

    /** A class loader that finds nothing: the class path of a user without the dependency. */
    private static final ClassLoader WITHOUT_ANY = new ClassLoader(null) {};

    /** Each optional dependency of Parquet, with the coordinates its error must name. */
    private static final Map<OptionalDependency, String> COORDINATES =
            Map.of(
                    ParquetStore.HARDWOOD, "dev.hardwood:hardwood-core",
                    PageCodec.SNAPPY, "org.xerial.snappy:snappy-java",
                    PageCodec.ZSTD, "com.github.luben:zstd-jni");

    @Test
    void eachMissingDependencyIsNamedByItsCoordinates() {
        COORDINATES.forEach(
                (dependency, coordinates) -> {
                    IllegalStateException e =
                            assertThrows(
                                    IllegalStateException.class,
                                    () -> dependency.require(WITHOUT_ANY));
                    assertTrue(e.getMessage().contains(coordinates), e.getMessage());
                });
    }

    @Test
    void onTheLibrarysClassPathNothingIsMissing() {
        COORDINATES.keySet().forEach(OptionalDependency::require);
    }

    @Test
    void aParquetLocationWithoutHardwoodSaysWhichDependencyToAdd(@TempDir Path dir)
            throws Exception {
        Path file = Files.write(dir.resolve("part-0.parquet"), new byte[] {1, 2, 3});
        ClassLoader withoutHardwood = new HidingLoader(List.of("dev.hardwood."));
        Class<?> source = Class.forName(ParquetSource.class.getName(), true, withoutHardwood);
        Object builder = source.getMethod("builder").invoke(null);
        builder.getClass().getMethod("setLocation", String.class).invoke(builder, file.toString());
        InvocationTargetException e =
                assertThrows(
                        InvocationTargetException.class,
                        () -> builder.getClass().getMethod("build").invoke(builder));
        IllegalStateException missing = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(missing.getMessage().contains("dev.hardwood:hardwood-core"), e.getMessage());
    }
}
