package dev.asyncdataset.examples.timeline;

import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.examples.TrainingEvents;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * A JFR recording of what a timeline draws, made in-process: the loader's events with the library's
 * own settings ({@code async-dataset.jfc} in its jar), the trainer's {@link TrainingEvents}, and
 * the machine's CPU load every second. Nothing else of the JDK's, so that recording costs little.
 */
public final class TimelineRecording implements AutoCloseable {

    private final Recording recording;

    private TimelineRecording(Recording recording) {
        this.recording = recording;
    }

    /**
     * Starts recording.
     *
     * @return the running recording
     * @throws IOException if the library's settings cannot be read
     */
    public static TimelineRecording start() throws IOException {
        Recording recording = new Recording(settings());
        recording.setName("async-dataset timeline");
        recording.start();
        return new TimelineRecording(recording);
    }

    /**
     * Stops recording and writes what was recorded.
     *
     * @param file the {@code .jfr} file to write
     * @return {@code file}
     * @throws IOException if it cannot be written
     */
    public Path stopAndDump(Path file) throws IOException {
        recording.stop();
        recording.dump(file);
        return file;
    }

    /** Stops recording, if still running, and discards what was recorded. */
    @Override
    public void close() {
        recording.close();
    }

    private static Map<String, String> settings() throws IOException {
        try (Reader jfc =
                new InputStreamReader(
                        Objects.requireNonNull(
                                ConcurrentDataset.class.getResourceAsStream("async-dataset.jfc"),
                                "async-dataset.jfc is not in the library's jar"),
                        StandardCharsets.UTF_8)) {
            Map<String, String> settings = new HashMap<>(Configuration.create(jfc).getSettings());
            for (String event :
                    new String[] {TrainingEvents.GET_BATCH, TrainingEvents.TRAIN_STEP}) {
                settings.put(event + "#enabled", "true");
                settings.put(event + "#threshold", "0 ms");
            }
            settings.put("jdk.CPULoad#enabled", "true");
            settings.put("jdk.CPULoad#period", "1 s");
            return settings;
        } catch (ParseException e) {
            throw new IOException("async-dataset.jfc cannot be parsed", e);
        }
    }
}
