package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.threads.ThreadName;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;

/**
 * The Netty resources every asynchronous S3 client of the library shares (listings and the shard
 * writer's uploads; GETs run on the blocking client): one event loop and one buffer pool, both
 * sized to what the loop does here (moving request and response bytes, a fraction of a core)
 * instead of Netty's process-wide defaults, which are sized for servers. Set on our own clients
 * only (a channel option), never through system properties, so other Netty users in the process
 * keep their defaults.
 *
 * <p>The event loop has one thread per core (Netty's default is two). The pool has one direct arena
 * per loop thread, so the threads never contend, and no heap arenas (socket reads and request
 * headers take direct buffers; a heap buffer, if one were asked for, would be unpooled). Its chunks
 * are 1 MiB instead of 4 MiB: a socket read takes at most 64 KiB, and a pool keeps each arena's
 * chunks once it grew them, so Netty's default (two arenas per core, 4 MiB chunks) held tens of MB
 * of direct memory for reads of a few hundred KB at a time (BENCHMARKS.md, "Where the S3 rows'
 * extra memory goes"). Only the loop threads keep per-thread caches.
 *
 * <p>The SDK's other threads are replaced too: response futures complete on virtual threads ({@link
 * #COMPLETIONS}), and its timeout timers run on {@link S3Timer#TIMER}, one thread for every client
 * (the SDK starts five timer threads per client otherwise).
 */
final class S3Transport {

    /** The event loop's threads: one per core. */
    private static final int THREADS = Runtime.getRuntime().availableProcessors();

    /** 8 KiB pages, 2^7 pages per chunk: 1 MiB chunks. */
    private static final int PAGE_SIZE = 8192;

    private static final int MAX_ORDER = 7;

    /** Netty's defaults for the per-thread caches of small (below 32 KiB) and normal buffers. */
    private static final int SMALL_CACHE = 256;

    private static final int NORMAL_CACHE = 64;

    /** The event loop, on daemon threads; the SDK does not shut down a group it was given. */
    static final SdkEventLoopGroup EVENT_LOOP =
            SdkEventLoopGroup.builder()
                    .numberOfThreads(THREADS)
                    .threadFactory(
                            Thread.ofPlatform().daemon().name(ThreadName.S3.prefix(), 0).factory())
                    .build();

    /**
     * Completes the SDK's response futures on virtual threads, instead of the SDK's default pool of
     * eight platform threads per client: what runs there is the library's own future chaining,
     * which never blocks.
     */
    static final Executor COMPLETIONS =
            Executors.newThreadPerTaskExecutor(
                    Thread.ofVirtual().name(ThreadName.S3_COMPLETION.prefix(), 0).factory());

    /** The buffer pool of the clients' channels. */
    static final ByteBufAllocator ALLOCATOR =
            new PooledByteBufAllocator(
                    true, 0, THREADS, PAGE_SIZE, MAX_ORDER, SMALL_CACHE, NORMAL_CACHE, false);

    private S3Transport() {}
}
