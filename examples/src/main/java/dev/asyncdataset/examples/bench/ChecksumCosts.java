package dev.asyncdataset.examples.bench;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import software.amazon.awssdk.checksums.DefaultChecksumAlgorithm;
import software.amazon.awssdk.checksums.SdkChecksum;
import software.amazon.awssdk.checksums.spi.ChecksumAlgorithm;

/**
 * The CPU each check of an S3 body costs: the MD5 compared with an ETag and the SDK's
 * implementations of S3's additional checksums (CRC64NVME with the {@code aws-crt} this module
 * has), over one random body of the benchmark set's mean JPEG size. Prints the median time per body
 * over the rounds, each check timed in turn within a round.
 *
 * <p>Usage: {@code ChecksumCosts [BODY-BYTES [DIGESTS-PER-ROUND [ROUNDS]]]}, by default 116000,
 * 3000 and 5.
 */
public final class ChecksumCosts {

    private ChecksumCosts() {}

    /**
     * Times the checks and prints one line per check.
     *
     * @param args the body's size, the digests per round and the rounds
     * @throws Exception if the JDK has no MD5
     */
    public static void main(String[] args) throws Exception {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 116_000;
        int digests = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        byte[] body = new byte[size];
        new Random(1).nextBytes(body);
        Map<String, Consumer<byte[]>> checks = checks();
        Map<String, double[]> micros = new LinkedHashMap<>();
        checks.keySet().forEach(name -> micros.put(name, new double[rounds]));
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, Consumer<byte[]>> check : checks.entrySet()) {
                long start = System.nanoTime();
                for (int i = 0; i < digests; i++) {
                    check.getValue().accept(body);
                }
                micros.get(check.getKey())[round] = (System.nanoTime() - start) / 1e3 / digests;
            }
        }
        micros.forEach(
                (name, times) ->
                        System.out.printf(
                                "%-10s %8.1f us per %d-byte body (median of %d rounds)%n",
                                name, median(times), size, rounds));
    }

    private static Map<String, Consumer<byte[]>> checks() throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        Map<String, Consumer<byte[]>> checks = new LinkedHashMap<>();
        checks.put("MD5", body -> md5.digest(body));
        for (ChecksumAlgorithm algorithm :
                new ChecksumAlgorithm[] {
                    DefaultChecksumAlgorithm.CRC64NVME,
                    DefaultChecksumAlgorithm.CRC32C,
                    DefaultChecksumAlgorithm.CRC32,
                    DefaultChecksumAlgorithm.SHA256
                }) {
            checks.put(algorithm.algorithmId(), body -> sdk(algorithm, body));
        }
        return checks;
    }

    private static void sdk(ChecksumAlgorithm algorithm, byte[] body) {
        SdkChecksum checksum = SdkChecksum.forAlgorithm(algorithm);
        checksum.update(body, 0, body.length);
        checksum.getChecksumBytes();
    }

    private static double median(double[] times) {
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
