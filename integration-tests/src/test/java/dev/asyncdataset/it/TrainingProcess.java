package dev.asyncdataset.it;

import dev.asyncdataset.examples.TrainResNet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * An example program, {@link TrainResNet} unless named, run as a child JVM with this JVM's
 * classpath, its output lines read by a thread of their own so that a test can wait, bounded, for a
 * given line; the output is kept for failure messages.
 */
final class TrainingProcess implements AutoCloseable {

    private static final String END = "\u0000end of output";

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();

    private TrainingProcess(Process process) {
        this.process = process;
        Thread.ofPlatform().daemon().name("training-process-output").start(this::readOutput);
    }

    /** Starts {@code TrainResNet} with {@code args}. */
    static TrainingProcess start(List<String> args) throws IOException {
        return start(List.of(), args);
    }

    /** Starts {@code TrainResNet} with {@code args} in a JVM given {@code jvmOptions} too. */
    static TrainingProcess start(List<String> jvmOptions, List<String> args) throws IOException {
        return start(jvmOptions, TrainResNet.class.getName(), null, Map.of(), args);
    }

    /**
     * Starts the program {@code main} with {@code args}, as the examples' {@code -Prun} does, in
     * the folder {@code dir} with the variables {@code env} added to the environment.
     */
    static TrainingProcess start(String main, Path dir, Map<String, String> env, List<String> args)
            throws IOException {
        return start(List.of(), main, dir, env, args);
    }

    private static TrainingProcess start(
            List<String> jvmOptions,
            String main,
            Path dir,
            Map<String, String> env,
            List<String> args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(
                List.of(
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xmx1g",
                        "-cp",
                        System.getProperty("java.class.path"),
                        main));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            builder.directory(dir.toFile());
        }
        builder.environment().put("OMP_WAIT_POLICY", "PASSIVE");
        builder.environment().putAll(env);
        return new TrainingProcess(builder.start());
    }

    /**
     * Waits for an output line that {@code wanted} accepts.
     *
     * @return the line
     * @throws AssertionError if the process ends, or {@code seconds} pass, first
     */
    String awaitLine(Predicate<String> wanted, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (line == null || line.equals(END)) {
                throw new AssertionError(
                        (line == null ? "no such line within " + seconds + " s" : "ended first")
                                + "; output:\n"
                                + output());
            }
            if (wanted.test(line)) {
                return line;
            }
        }
    }

    /** Waits for the process to end by itself and returns its exit status. */
    int awaitExit(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new AssertionError("still running after " + seconds + " s:\n" + output());
        }
        return process.exitValue();
    }

    /** Kills the process with SIGKILL (on Linux) and waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("not gone 60 s after SIGKILL");
        }
    }

    /** The output lines read so far. */
    synchronized String output() {
        return String.join("\n", seen);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }

    private void readOutput() {
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                synchronized (this) {
                    seen.add(line);
                }
                lines.add(line);
            }
        } catch (IOException e) {
            synchronized (this) {
                seen.add("output unreadable: " + e);
            }
        } finally {
            lines.add(END);
        }
    }
}
