package dev.asyncdataset.internal.threads;

/**
 * The name of every thread the library starts, in one place, so that the list in the library's
 * package documentation is checked against it: a numbered name ends with {@code -N}, the number the
 * thread builder counts from 0.
 */
public enum ThreadName {
    /**
     * A loader's item fetches: virtual, one per item; one platform thread when fetching in order.
     */
    FETCH("fetch", true),
    /** A loader's decode threads. */
    DECODE("decode", true),
    /** A loader's one stager thread. */
    STAGER("stager", true),
    /** Closes a loader whose trainer's manager was closed. */
    CLOSER("closer", true),
    /** Closes epochs that became unreachable: one per process. */
    CLEANER("cleaner", false),
    /** A streamed epoch's shard reads: virtual. */
    SHARD_LOAD("shard-load", true),
    /** The shard writer's item reads: virtual. */
    SHARD_WRITE_FETCH("shard-write-fetch", true),
    /** The shard writer's re-encoding of images. */
    SHARD_WRITE_RESIZE("shard-write-resize", true),
    /** The part objects of one sample read at once: virtual. */
    PART_READ("part-read", true),
    /** The timeouts of the stores' body reads: one per process. */
    STORE_TIMEOUTS("store-timeouts", false),
    /** A store call bounded in time: virtual, one per call. */
    STORE_CALL("store-call", false),
    /** The phase timeouts of S3 GETs: one per process. */
    S3_TIMEOUTS("s3-timeouts", false),
    /** The S3 clients' network event loop, shared by the process. */
    S3("s3", true),
    /** Completes the S3 clients' responses: virtual, short-lived. */
    S3_COMPLETION("s3-completion", true);

    private final String job;
    private final boolean numbered;

    ThreadName(String job, boolean numbered) {
        this.job = job;
        this.numbered = numbered;
    }

    /** The thread's name, or that of a numbered one without its number. */
    public String prefix() {
        return "async-dataset-" + job + (numbered ? "-" : "");
    }

    /** Whether the threads' names end with a number. */
    public boolean numbered() {
        return numbered;
    }
}
