package dev.asyncdataset.examples.timeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Draws a JFR recording of a training or loading run as a timeline picture: reads the loader's and
 * the trainer's events ({@link RecordingReader}) and writes a self-contained SVG ({@link
 * TimelineSvg}) that a browser opens as it is.
 *
 * <pre>
 * RenderTimeline RECORDING.jfr OUT.svg [TITLE]
 * </pre>
 */
public final class RenderTimeline {

    private RenderTimeline() {}

    /**
     * Renders the recording named by the first argument into the file named by the second.
     *
     * @param args the recording, the SVG to write, and optionally the picture's title
     * @throws IOException if the recording cannot be read or the picture written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: RenderTimeline RECORDING.jfr OUT.svg [TITLE]");
            System.exit(2);
        }
        Path recording = Path.of(args[0]);
        String title = args.length == 3 ? args[2] : recording.getFileName().toString();
        render(recording, Path.of(args[1]), title);
        System.out.println("wrote " + args[1]);
    }

    /**
     * Renders {@code recording} into {@code svg}.
     *
     * @param recording a JFR recording holding loader or trainer events
     * @param svg the picture to write
     * @param title the picture's title
     * @throws IOException if the recording cannot be read or the picture written
     */
    public static void render(Path recording, Path svg, String title) throws IOException {
        Timeline timeline = RecordingReader.read(recording);
        Files.writeString(svg, TimelineSvg.render(timeline, title), StandardCharsets.UTF_8);
    }
}
