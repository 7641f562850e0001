package dev.asyncdataset.examples;

import java.util.Arrays;
import java.util.Locale;

/**
 * A point of {@link Checkpoints#write} between two changes on disk, where a test of crash safety
 * can stop the process: with the system property {@value #PROPERTY} set to {@code POINT@NAME} (say
 * {@code written@step-000000012-2}), the write of checkpoint {@code NAME} halts the JVM ({@link
 * Runtime#halt}, as abrupt as SIGKILL: no shutdown hooks, nothing more written) with status {@value
 * #HALT_STATUS} when it reaches {@code POINT}.
 */
public enum CrashPoint {

    /** The checkpoint's files are written and forced in its temporary folder, not yet renamed. */
    WRITTEN,

    /** The checkpoint has its name; {@code latest} still names the previous one. */
    RENAMED,

    /** {@code latest} names the checkpoint; superseded checkpoints are not yet deleted. */
    NAMED,

    /** A superseded checkpoint has been renamed to a temporary name and is not yet deleted. */
    RETIRED;

    /** The system property naming where to halt, {@code POINT@NAME}. */
    public static final String PROPERTY = "asyncdataset.checkpoints.halt";

    /** The exit status of a process halted at a crash point. */
    public static final int HALT_STATUS = 86;

    /** What a write does at each crash point. */
    @FunctionalInterface
    interface Hook {

        /**
         * Called when the write of checkpoint {@code name} reaches {@code point}.
         *
         * @param point the point
         * @param name the checkpoint being written
         */
        void reached(CrashPoint point, CheckpointName name);
    }

    /**
     * Returns the hook that halts where {@value #PROPERTY} says, or does nothing when it is unset.
     *
     * @throws IllegalArgumentException if the property is not {@code POINT@NAME}
     */
    static Hook fromSystemProperty() {
        String where = System.getProperty(PROPERTY, "");
        if (where.isEmpty()) {
            return (point, name) -> {};
        }
        int at = where.indexOf('@');
        String checkpoint = where.substring(at + 1);
        if (CheckpointName.parse(checkpoint).isEmpty()
                || Arrays.stream(values()).noneMatch(point -> point.at(checkpoint).equals(where))) {
            throw new IllegalArgumentException(
                    PROPERTY
                            + " is not POINT@NAME, say "
                            + WRITTEN.at("step-000000012-2")
                            + ": "
                            + where);
        }
        return (point, name) -> {
            if (where.equals(point.at(name.toString()))) {
                System.out.println("halted at " + where);
                System.out.flush();
                Runtime.getRuntime().halt(HALT_STATUS);
            }
        };
    }

    /**
     * Returns the value of {@value #PROPERTY} that halts the write of {@code checkpoint} here.
     *
     * @param checkpoint a checkpoint's name, say {@code step-000000012-2}
     * @return {@code POINT@NAME}
     */
    public String at(String checkpoint) {
        return name().toLowerCase(Locale.ROOT) + "@" + checkpoint;
    }
}
