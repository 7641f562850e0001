package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the public API check counts as exposing a type users cannot use, on fixture types. */
class ApiExposuresTest {

    /** Stands for a type of an internal package. */
    public interface Hidden {}

    /** Package-private, as the tar sources' common superclass. */
    abstract static class PlainBase {}

    /** Package-private and internal through what it implements. */
    abstract static class HiddenBase implements Hidden {}

    /** Names the internal type in a method's return type. */
    public static class ReturnsHidden {
        public List<? extends Hidden> hidden() {
            return List.of();
        }
    }

    /** Is an internal type through its package-private superclass. */
    public static final class ThroughBase extends HiddenBase {}

    /** Extends a package-private class that is nothing internal. */
    public static final class OverPlainBase extends PlainBase {}

    /** Names a package-private type in a parameter. */
    public static class TakesPlainBase {
        public void take(PlainBase base) {}
    }

    @Test
    void internalTypesInSignaturesOrSupertypesAndNonPublicParametersAreExposures() {
        String hidden = Hidden.class.getName();
        Map<String, Set<String>> exposures =
                Map.copyOf(
                        ApiExposures.of(
                                List.of(
                                        ReturnsHidden.class,
                                        ThroughBase.class,
                                        OverPlainBase.class,
                                        TakesPlainBase.class),
                                hidden::equals));
        String fixture = ApiExposuresTest.class.getCanonicalName();
        assertEquals(
                Map.of(
                        "method public java.util.List<? extends " + fixture + ".Hidden> hidden()",
                        Set.of(hidden),
                        "public static final class "
                                + fixture
                                + ".ThroughBase extends "
                                + fixture
                                + ".HiddenBase",
                        Set.of(hidden),
                        "method public void take(" + fixture + ".PlainBase)",
                        Set.of(PlainBase.class.getName())),
                exposures);
    }
}
