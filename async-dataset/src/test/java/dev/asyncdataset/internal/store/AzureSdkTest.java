package dev.asyncdataset.internal.store;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AzureSdkTest {

    /** A class loader that finds nothing: the class path of a user without the Azure SDK. */
    private static final ClassLoader WITHOUT_SDK = new ClassLoader(null) {};

    @Test
    void withoutTheSdkOpeningSaysWhichDependenciesToAdd() {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> StoreTable.AZURE_SDK.require(WITHOUT_SDK));
        assertTrue(e.getMessage().contains("com.azure:azure-storage-blob"), e.getMessage());
        assertTrue(
                e.getMessage().contains("com.azure:azure-core-http-jdk-httpclient"),
                e.getMessage());
    }

    @Test
    void withTheSdkNothingIsMissing() {
        StoreTable.AZURE_SDK.require(StoreTable.class.getClassLoader());
    }
}
