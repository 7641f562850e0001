package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The optional native codecs a test compares against: each method skips the test, saying what is
 * missing, where the codec cannot be used on this machine.
 */
final class NativeCodecs {

    private static final String NO_TURBOJPEG =
            "TurboJPEG cannot be used here: it needs JDK 22+ and libturbojpeg.so.0 (apt-get install"
                    + " libturbojpeg0), and -Dasyncdataset.turbojpeg=false turns it off";

    private NativeCodecs() {}

    /** Returns the TurboJPEG decoder, or skips the test where there is none. */
    static TurboJpeg.Decoder turboJpegDecoder() {
        TurboJpeg.Decoder decoder = TurboJpeg.decoder();
        assumeTrue(decoder != null, NO_TURBOJPEG);
        return decoder;
    }

    /** Returns the TurboJPEG encoder, or skips the test where there is none. */
    static TurboJpeg.Encoder turboJpegEncoder() {
        TurboJpeg.Encoder encoder = TurboJpeg.encoder();
        assumeTrue(encoder != null, NO_TURBOJPEG);
        return encoder;
    }

    /** Skips the test unless OpenCV is DJL's image factory (ai.djl.opencv:opencv, its natives). */
    static void assumeOpenCv() {
        assumeTrue(
                Codec.active() == Codec.OPENCV,
                "OpenCV is not DJL's image factory here (ai.djl.opencv:opencv and its natives)");
    }

    /** Skips the test unless both the TurboJPEG decoder and OpenCV can be used here. */
    static void assumeTurboJpegAndOpenCv() {
        assumeTrue(TurboJpeg.decoder() != null, NO_TURBOJPEG);
        assumeOpenCv();
    }
}
