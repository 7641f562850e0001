package dev.asyncdataset.examples.samples;

/** Checks the sample examples' tests share. */
final class Samples {

    private Samples() {}

    /** Whether every value is a finite number. */
    static boolean allFinite(float[] values) {
        for (float value : values) {
            if (!Float.isFinite(value)) {
                return false;
            }
        }
        return true;
    }
}
