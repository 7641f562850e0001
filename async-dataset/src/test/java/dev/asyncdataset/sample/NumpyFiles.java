package dev.asyncdataset.sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The .npy test resources, written by NumPy itself ({@code make_npy.py} beside them). */
public final class NumpyFiles {

    private NumpyFiles() {}

    /** The bytes of resource {@code name}, such as {@code tokens_5.npy}. */
    public static byte[] read(String name) {
        try (InputStream in = NumpyFiles.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
