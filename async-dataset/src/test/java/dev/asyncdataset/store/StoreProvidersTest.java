package dev.asyncdataset.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The providers found on the class path make one table: each scheme in lower case to its provider,
 * and a scheme given twice, the library's own or malformed, or a provider naming no scheme, is
 * refused naming the provider.
 */
class StoreProvidersTest {

    @Test
    void eachSchemeOfEachProviderIsItsOwnEntryInLowerCase() {
        StoreProvider two = new Fixed("One", "two+x");
        StoreProvider three = new Fixed("three");
        Map<String, StoreProvider> table = Stores.bySchemes(List.of(two, three));
        assertEquals(Map.of("one", two, "two+x", two, "three", three), table);
    }

    @Test
    void aSchemeGivenTwiceTheLibrarysOwnMalformedOrNoneIsRefusedNamingTheProvider() {
        for (List<StoreProvider> providers :
                List.of(
                        List.<StoreProvider>of(new Fixed("mem"), new Fixed("MEM")),
                        List.<StoreProvider>of(new Fixed("s3")),
                        List.<StoreProvider>of(new Fixed("file")),
                        List.<StoreProvider>of(new Fixed("not a scheme")),
                        List.<StoreProvider>of(new Fixed()))) {
            IllegalStateException e =
                    assertThrows(IllegalStateException.class, () -> Stores.bySchemes(providers));
            assertTrue(e.getMessage().contains(Fixed.class.getName()), e.getMessage());
        }
    }

    /** A provider of fixed schemes that opens nothing. */
    private static final class Fixed implements StoreProvider {

        private final Set<String> schemes;

        Fixed(String... schemes) {
            this.schemes = Set.of(schemes);
        }

        @Override
        public Set<String> schemes() {
            return schemes;
        }

        @Override
        public ObjectStore open(StoreSettings settings) {
            throw new UnsupportedOperationException("opens nothing");
        }
    }
}
