package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OptionsTest {

    private static final Map<String, String> DEFAULTS =
            Options.defaults(
                    "--data '' --epochs 2 --fetchers auto --share 0.8 --recycle true --sides"
                            + " 512,256 --loader concurrent");

    @Test
    void defaultsAreReadFromACommandLineInItsOrderWithEmptyQuotes() {
        assertEquals(
                List.of("data", "epochs", "fetchers", "share", "recycle", "sides", "loader"),
                List.copyOf(DEFAULTS.keySet()));
        assertEquals("", DEFAULTS.get("data"));
        assertEquals(Map.of("a", "1", "b", "-1"), Options.defaults(" --a 1\n  --b -1\n"));
        assertThrows(IllegalArgumentException.class, () -> Options.defaults("--a 1 b"));
        assertThrows(IllegalArgumentException.class, () -> Options.defaults("a 1"));
    }

    @Test
    void givenValuesReplaceDefaultsAndUnknownOrIncompleteOptionsAreRefused() {
        Options options = Options.parse(new String[] {"--epochs", "5", "share", "0.5"}, DEFAULTS);
        assertEquals(5, options.integer("epochs"));
        assertEquals(0.5, options.decimal("share"));
        assertEquals(0, options.integerOr("fetchers", "auto", 0));
        assertEquals(List.of(512, 256), options.integers("sides"));
        assertMessage("unknown option --epoch; valid: --data '' --epochs 2", "--epoch", "3");
        assertMessage("missing value for --epochs", "--epochs");
    }

    @Test
    void eachTypedReadRefusesAnotherTypeNamingTheOption() {
        assertMessage("--epochs needs an integer: two", "--epochs", "two");
        assertMessage("--fetchers needs an integer or auto: many", "--fetchers", "many");
        assertMessage("--share needs a number: most", "--share", "most");
        assertMessage("--recycle must be true or false: yes", "--recycle", "yes");
        assertMessage("--loader must be concurrent or djl: torch", "--loader", "torch");
        assertMessage("--sides needs integers separated by commas: 512;256", "--sides", "512;256");
        assertMessage("--data is required; options: --data ''", "--loader", "djl");
    }

    /** Parses {@code args}, reads every option as its type, and checks the message refusing it. */
    private static void assertMessage(String start, String... args) {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> {
                            Options options = Options.parse(args, DEFAULTS);
                            options.integer("epochs");
                            options.integerOr("fetchers", "auto", 0);
                            options.decimal("share");
                            options.flag("recycle");
                            options.choice("loader", "concurrent", "djl");
                            options.integers("sides");
                            options.required("data");
                        });
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
