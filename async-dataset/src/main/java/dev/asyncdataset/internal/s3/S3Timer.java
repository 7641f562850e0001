package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.threads.ThreadName;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/** The one timer thread of the SDK's timeouts, shared by every S3 client of the library. */
final class S3Timer {

    /** The timer: one daemon thread, cancelled tasks removed at once. */
    static final ScheduledThreadPoolExecutor TIMER = timer();

    private S3Timer() {}

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer =
                (ScheduledThreadPoolExecutor)
                        Executors.newScheduledThreadPool(
                                1,
                                Thread.ofPlatform()
                                        .daemon()
                                        .name(ThreadName.S3_TIMEOUTS.prefix())
                                        .factory());
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
