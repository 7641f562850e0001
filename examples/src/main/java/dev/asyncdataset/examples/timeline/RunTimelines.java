package dev.asyncdataset.examples.timeline;

import dev.asyncdataset.examples.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Records training runs one by one, each in its own {@link TimelineRecording} written to {@code
 * <name>.jfr} in a folder, then draws their timelines beside them, {@code <name>.svg}, all on the
 * time scale of the longest so that they compare at a glance. Without a folder, only runs them.
 */
public final class RunTimelines {

    /** The folder that means: no recording. */
    public static final String NONE = "none";

    private final Optional<Path> folder;
    private final Map<Path, String> recordings = new LinkedHashMap<>();

    /**
     * Records into {@code folder}, created if needed.
     *
     * @param folder where the recordings and pictures go; {@value #NONE} for no recording
     */
    public RunTimelines(String folder) {
        this.folder = folder.equals(NONE) ? Optional.empty() : Optional.of(Path.of(folder));
    }

    /**
     * Runs {@code run} under a recording, then writes the recording.
     *
     * @param name the files' name, without extension
     * @param title the picture's title
     * @param run the training run
     * @return what the run returned
     * @throws Exception if the run fails, or the recording cannot be written
     */
    public RunResult record(String name, String title, Callable<RunResult> run) throws Exception {
        if (folder.isEmpty()) {
            return run.call();
        }
        Files.createDirectories(folder.get());
        try (TimelineRecording recording = TimelineRecording.start()) {
            RunResult result = run.call();
            recordings.put(recording.stopAndDump(folder.get().resolve(name + ".jfr")), title);
            return result;
        }
    }

    /**
     * Draws the recorded runs, each beside its recording, on one time scale.
     *
     * @return the pictures, in the order of the runs
     * @throws IOException if a recording cannot be read or a picture written
     */
    public List<Path> draw() throws IOException {
        Map<Path, Timeline> timelines = new LinkedHashMap<>();
        for (Path jfr : recordings.keySet()) {
            timelines.put(jfr, RecordingReader.read(jfr));
        }
        double end = timelines.values().stream().mapToDouble(Timeline::end).max().orElse(0);
        List<Path> pictures = new ArrayList<>();
        for (Map.Entry<Path, Timeline> run : timelines.entrySet()) {
            String name = run.getKey().getFileName().toString().replaceFirst("\\.jfr$", ".svg");
            Path svg = run.getKey().resolveSibling(name);
            String picture = TimelineSvg.render(run.getValue(), recordings.get(run.getKey()), end);
            pictures.add(Files.writeString(svg, picture, StandardCharsets.UTF_8));
        }
        return pictures;
    }
}
