package dev.asyncdataset.examples.bench;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Fetch only, no decode: the CPU one GET of a 110 KB object costs the loader's process with each
 * candidate S3 client ({@link FetchClients}), against S3Proxy in a child process ({@link
 * S3ServerProcess}) so that its CPU is not counted. Every candidate issues the same GETs from the
 * same number of virtual threads; after a warm-up of each, the rounds interleave the candidates and
 * the table gives medians: process CPU time per GET (all threads: the client's, the JIT's, the
 * GC's), GETs per second, and bytes allocated on the Java heap per GET (native allocations, such as
 * the CRT's, are not counted), plus the server process's CPU per GET for comparison.
 *
 * <p>Usage: {@code FetchCpuBenchmark [gets-per-run=2000] [rounds=5] [in-flight=64]
 * [warm-up-gets=6000] [candidate-name-regex]}.
 */
public final class FetchCpuBenchmark {

    private static final int OBJECTS = 256;
    private static final int OBJECT_BYTES = 110_000;
    private static final String BUCKET = "bench";
    private static final String PREFIX = "fetch/class0/";

    private FetchCpuBenchmark() {}

    /**
     * Runs the benchmark and prints the table.
     *
     * @param args GETs per run, rounds, GETs in flight, warm-up GETs, a candidate name filter
     * @throws Exception if the server cannot start or a GET fails
     */
    public static void main(String[] args) throws Exception {
        int gets = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        int warmUp = args.length > 3 ? Integer.parseInt(args[3]) : 6000;
        String filter = args.length > 4 ? args[4] : "";
        Path folder = Files.createTempDirectory("fetch-cpu");
        try (S3ServerProcess server =
                S3ServerProcess.start(folder, OBJECTS, OBJECT_BYTES, "s3://" + BUCKET + "/fetch")) {
            Map<String, FetchClients.Get> clients =
                    FetchClients.all(server, "s3://" + BUCKET + "/fetch", BUCKET, inFlight);
            Pattern only = Pattern.compile(filter);
            clients.keySet().removeIf(name -> !only.matcher(name).find());
            for (FetchClients.Get client : clients.values()) {
                run(client, warmUp, inFlight, server);
            }
            Map<String, List<double[]>> results = new LinkedHashMap<>();
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, FetchClients.Get> client : clients.entrySet()) {
                    results.computeIfAbsent(client.getKey(), k -> new ArrayList<>())
                            .add(run(client.getValue(), gets, inFlight, server));
                }
            }
            System.out.println(FetchCpuTable.format(results, gets, inFlight));
            for (FetchClients.Get client : clients.values()) {
                client.close();
            }
        }
    }

    /**
     * GETs {@code gets} keys with {@code inFlight} virtual threads; returns loader CPU ms per GET,
     * GETs/s, KB allocated per GET and server CPU ms per GET.
     */
    private static double[] run(
            FetchClients.Get client, int gets, int inFlight, S3ServerProcess server)
            throws Exception {
        OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        AtomicInteger next = new AtomicInteger();
        long cpu = os.getProcessCpuTime();
        long allocated = threads.getTotalThreadAllocatedBytes();
        long serverCpu = serverCpuNanos(server);
        long start = System.nanoTime();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> fetchers = new ArrayList<>();
            for (int i = 0; i < inFlight; i++) {
                fetchers.add(executor.submit(() -> fetchLoop(client, next, gets)));
            }
            for (Future<?> fetcher : fetchers) {
                fetcher.get();
            }
        }
        double wall = System.nanoTime() - start;
        return new double[] {
            (os.getProcessCpuTime() - cpu) / 1e6 / gets,
            gets * 1e9 / wall,
            (threads.getTotalThreadAllocatedBytes() - allocated) / 1024.0 / gets,
            (serverCpuNanos(server) - serverCpu) / 1e6 / gets
        };
    }

    private static Void fetchLoop(FetchClients.Get client, AtomicInteger next, int gets)
            throws Exception {
        for (int i = next.getAndIncrement(); i < gets; i = next.getAndIncrement()) {
            String key = PREFIX + String.format("%05d.jpg", i % OBJECTS);
            int length = client.get(key);
            if (length != OBJECT_BYTES) {
                throw new IllegalStateException(key + ": " + length + " bytes");
            }
        }
        return null;
    }

    private static long serverCpuNanos(S3ServerProcess server) {
        return server.handle().info().totalCpuDuration().orElse(Duration.ZERO).toNanos();
    }
}
