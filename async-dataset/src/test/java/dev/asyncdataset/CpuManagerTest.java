package dev.asyncdataset;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** Gives each test a fresh CPU manager and closes it afterwards. */
abstract class CpuManagerTest {

    /** The test's manager; everything the test creates lives under it. */
    protected NDManager manager;

    @BeforeEach
    void openManager() {
        manager = NDManager.newBaseManager(Device.cpu());
    }

    @AfterEach
    void closeManager() {
        manager.close();
    }
}
