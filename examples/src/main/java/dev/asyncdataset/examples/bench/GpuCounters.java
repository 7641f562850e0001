package dev.asyncdataset.examples.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.util.cuda.CudaUtils;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the loader benchmark reports on a GPU: the most device memory in use after any batch (CUDA's
 * count for the whole device, PyTorch's cached blocks included), and the time of one batch's
 * host-to-device copy, timed by itself: the uint8 batch the loader stages, copied 20 times after 3
 * warm-up copies (DJL's PyTorch engine copies synchronously), median.
 */
final class GpuCounters {

    private static final int WARMUP = 3;
    private static final int COPIES = 20;

    private final Device device;
    private long peakUsed;

    GpuCounters(Device device) {
        this.device = device;
    }

    /** Notes the device memory in use now. */
    void sample() {
        peakUsed = Math.max(peakUsed, CudaUtils.getGpuMemory(device).getCommitted());
    }

    /**
     * The JSON fields {@code gpu_memory_mb}, {@code gpu_total_mb} and {@code h2d_ms_per_batch},
     * without braces.
     */
    String jsonFields(int batchSize, int imageSize) {
        long total = CudaUtils.getGpuMemory(device).getMax();
        return String.format(
                Locale.ROOT,
                "\"device\": \"%s\", \"gpu_memory_mb\": %.1f, \"gpu_total_mb\": %.1f, "
                        + "\"h2d_ms_per_batch\": %.3f",
                device,
                peakUsed / 1e6,
                total / 1e6,
                copyMillis(new Shape(batchSize, imageSize, imageSize, 3)));
    }

    private double copyMillis(Shape shape) {
        double[] millis = new double[COPIES];
        try (NDManager host = NDManager.newBaseManager(Device.cpu());
                NDArray batch = host.zeros(shape, DataType.UINT8)) {
            for (int i = -WARMUP; i < COPIES; i++) {
                long start = System.nanoTime();
                try (NDArray copy = batch.toDevice(device, true)) {
                    millis[Math.max(i, 0)] = (System.nanoTime() - start) / 1e6;
                }
            }
        }
        Arrays.sort(millis);
        return millis[COPIES / 2];
    }
}
