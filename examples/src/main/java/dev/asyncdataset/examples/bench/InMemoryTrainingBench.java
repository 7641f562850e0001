package dev.asyncdataset.examples.bench;

import dev.asyncdataset.examples.bench.InMemoryTraining.Loader;
import dev.asyncdataset.examples.bench.InMemoryTraining.Net;
import dev.asyncdataset.examples.bench.InMemoryTraining.Result;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * DJL's own loader against the swap on an in-memory dataset, trainer included ({@link
 * InMemoryTraining}), each run in a fresh JVM, alternating which goes first, with the medians of
 * CPU, wall and minor page faults per variant. {@code --compare threshold} instead runs the swap as
 * glibc moves its mmap threshold and with {@code MALLOC_MMAP_THRESHOLD_=131072} (the process-wide
 * setting the library once made). Usage: {@code InMemoryTrainingBench [--net mlp|resnet] [--items
 * N] [--batch N] [--epochs N] [--pairs N] [--compare loaders|threshold]}.
 */
public final class InMemoryTrainingBench {

    private record Variant(String name, Loader loader, Map<String, String> environment) {}

    private InMemoryTrainingBench() {}

    /**
     * Runs the pairs, or with {@code --one LOADER} one training in this JVM, printed as one line.
     *
     * @param args the options above
     * @throws Exception if a run fails
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Net net = Net.valueOf(options.getOrDefault("net", "mlp").toUpperCase(Locale.ROOT));
        int items = Integer.parseInt(options.getOrDefault("items", "12000"));
        int batch = Integer.parseInt(options.getOrDefault("batch", "64"));
        int epochs = Integer.parseInt(options.getOrDefault("epochs", "2"));
        if (options.containsKey("one")) {
            Loader loader = Loader.valueOf(options.get("one"));
            Result result = InMemoryTraining.train(loader, net, items, batch, epochs);
            System.out.printf(
                    Locale.ROOT,
                    "RESULT %.2f %.2f %d %s %d%n",
                    result.cpuSeconds(),
                    result.wallSeconds(),
                    result.minorFaults(),
                    Arrays.toString(result.losses()).replace(" ", ""),
                    result.weights());
            return;
        }
        List<Variant> variants = variants(options.getOrDefault("compare", "loaders"));
        int pairs = Integer.parseInt(options.getOrDefault("pairs", "5"));
        List<List<String[]>> runs = new ArrayList<>(List.of(new ArrayList<>(), new ArrayList<>()));
        for (int pair = 0; pair < pairs; pair++) {
            for (int k = 0; k < 2; k++) {
                int v = pair % 2 == 0 ? k : 1 - k;
                String[] line = runOne(variants.get(v), args);
                runs.get(v).add(line);
                System.out.printf("pair %d %-24s %s%n", pair + 1, variants.get(v).name(), line[0]);
            }
        }
        for (int v = 0; v < 2; v++) {
            System.out.printf(
                    Locale.ROOT,
                    "median %-24s CPU %.2f s, wall %.2f s, minor faults %d, losses %s, weights"
                            + " %s%n",
                    variants.get(v).name(),
                    median(runs.get(v), 1),
                    median(runs.get(v), 2),
                    (long) median(runs.get(v), 3),
                    runs.get(v).get(0)[4],
                    runs.get(v).get(0)[5]);
        }
    }

    private static List<Variant> variants(String compare) {
        if (compare.equals("threshold")) {
            return List.of(
                    new Variant("swap, glibc's threshold", Loader.SWAP, Map.of()),
                    new Variant(
                            "swap, threshold 128 KiB",
                            Loader.SWAP,
                            Map.of("MALLOC_MMAP_THRESHOLD_", "131072")));
        }
        return List.of(
                new Variant("DJL's loader", Loader.DJL, Map.of()),
                new Variant("swap", Loader.SWAP, Map.of()));
    }

    /** One run in a fresh JVM: the line it printed, then its fields. */
    private static String[] runOne(Variant variant, String[] args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp"));
        command.add(System.getProperty("java.class.path"));
        command.add(InMemoryTrainingBench.class.getName());
        command.addAll(Arrays.asList(args));
        command.addAll(List.of("--one", variant.loader().name()));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("MALLOC_MMAP_THRESHOLD_");
        builder.environment().putAll(variant.environment());
        Process process = builder.redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0 || !out.contains("RESULT ")) {
            throw new IllegalStateException(variant.name() + " failed: " + out);
        }
        String line = out.substring(out.indexOf("RESULT ") + 7).lines().findFirst().orElseThrow();
        String[] fields = line.split(" ");
        String[] all = new String[fields.length + 1];
        all[0] = line;
        System.arraycopy(fields, 0, all, 1, fields.length);
        return all;
    }

    private static double median(List<String[]> runs, int field) {
        double[] values = runs.stream().mapToDouble(r -> Double.parseDouble(r[field])).toArray();
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new java.util.HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("not an option: " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
