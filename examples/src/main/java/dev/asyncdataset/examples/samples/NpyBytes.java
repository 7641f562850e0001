package dev.asyncdataset.examples.samples;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Writes an array as a NumPy {@code .npy} file, as {@code numpy.save} does, with DJL's own NumPy
 * writer: DJL writes an {@code .npz} (a zip of {@code .npy} members), and the one member is the
 * {@code .npy} file.
 */
public final class NpyBytes {

    private NpyBytes() {}

    /**
     * Returns the bytes of {@code array} as an {@code .npy} file.
     *
     * @param array the array
     * @return the {@code .npy} bytes
     * @throws IOException if DJL's archive has no member
     */
    public static byte[] of(NDArray array) throws IOException {
        byte[] npz = new NDList(array).encode(NDList.Encoding.NPZ);
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(npz))) {
            ZipEntry member = zip.getNextEntry();
            if (member == null) {
                throw new IOException("DJL wrote an empty .npz");
            }
            return zip.readAllBytes();
        }
    }
}
