package dev.asyncdataset.examples.bench;

import java.lang.management.ManagementFactory;

/**
 * The heap bytes every thread of this process allocated so far, ended threads included: the JDK's
 * per-thread allocation counters ({@code com.sun.management.ThreadMXBean}), which count the
 * carrier's allocations for virtual threads too. Read before and after the measured epochs, it
 * gives the bytes allocated per image delivered.
 */
final class HeapAllocation {

    private HeapAllocation() {}

    /**
     * Returns the bytes allocated on the heap by all threads since the JVM started.
     *
     * @return the bytes, or -1 if this JVM does not count them
     */
    static long total() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported()
                && threads.isThreadAllocatedMemoryEnabled()) {
            return threads.getTotalThreadAllocatedBytes();
        }
        return -1;
    }
}
