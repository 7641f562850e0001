package dev.asyncdataset.examples.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.examples.TimedDataset;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A real epoch of ConcurrentDataset on generated JPEGs through the examples' {@link TimedDataset},
 * recorded as the main job records it and rendered: the picture is well-formed SVG with every lane
 * and one mark per batch. Without the training loop's events the trainer's lanes come from the
 * library's.
 */
class RenderTimelineTest {

    private static final int IMAGES = 48;
    private static final int BATCH = 8;
    private static final List<String> LANES =
            List.of("fetch", "decode", "collate", "in-flight", "stage", "wait", "step", "cpu");

    @TempDir static Path dir;
    private static Path images;
    private static String svgText;
    private static Document picture;

    @BeforeAll
    @Timeout(120)
    static void recordAndRenderAnEpoch() throws Exception {
        images = ImageNetLikeGenerator.write(dir.resolve("images"), 2, IMAGES / 2, 5);
        Path recording = record(new TimedDataset(dataset(), 0), "epoch.jfr");
        Path svg = dir.resolve("epoch.svg");
        RenderTimeline.render(recording, svg, "one epoch");
        svgText = Files.readString(svg);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        picture = factory.newDocumentBuilder().parse(svg.toFile());
    }

    @Test
    void isWellFormedSvgWithEveryLaneNamed() {
        Element root = picture.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals("http://www.w3.org/2000/svg", root.getNamespaceURI());
        assertFalse(svgText.contains("NaN"), "every coordinate is a number");
        for (String id : LANES) {
            assertFalse(lane(id).getElementsByTagNameNS("*", "text").getLength() == 0, id);
        }
        String text = root.getTextContent();
        for (String label :
                List.of(
                        "Fetch",
                        "Decode",
                        "Collate",
                        "Batches in flight",
                        "Staging",
                        "Trainer: get batch",
                        "Trainer: train step",
                        "CPU load")) {
            assertTrue(text.contains(label), label);
        }
    }

    @Test
    void marksEachBatchOnceInTheStagingAndTrainerLanes() {
        for (String id : List.of("stage", "wait", "step")) {
            NodeList marks = lane(id).getElementsByTagNameNS("*", "title");
            assertEquals(IMAGES / BATCH, marks.getLength(), id);
            List<String> batches =
                    IntStream.range(0, marks.getLength())
                            .mapToObj(
                                    i ->
                                            marks.item(i)
                                                    .getTextContent()
                                                    .replaceAll(".*batch (\\d+):.*", "$1"))
                            .sorted()
                            .toList();
            assertEquals(List.of("0", "1", "2", "3", "4", "5"), batches, id);
        }
    }

    @Test
    void drawsTheItemLanesAsAreasNotOneShapePerItem() {
        for (String id : List.of("fetch", "decode")) {
            assertTrue(lane(id).getElementsByTagNameNS("*", "path").getLength() >= 1, id);
            assertEquals(1, lane(id).getElementsByTagNameNS("*", "rect").getLength(), id);
        }
        assertEquals(
                2,
                lane("fetch").getElementsByTagNameNS("*", "path").getLength(),
                "and the fetch limit");
    }

    @Test
    @Timeout(120)
    void takesTheTrainersLanesFromTheLibrarysEventsWithoutTheTrainingLoops() throws Exception {
        Timeline timeline = RecordingReader.read(record(dataset(), "loader-only.jfr"));
        assertEquals(IMAGES / BATCH, timeline.steps().size(), "one BatchHeld per batch");
        assertFalse(timeline.waits().isEmpty(), "TrainerWait");
    }

    private static ConcurrentDataset dataset() throws Exception {
        return ConcurrentDataset.builder()
                .setSource(FolderSource.builder().setLocation(images.toString()).build())
                .setSampling(BATCH, true)
                .optPipeline(ImageRecipes.training(32))
                .optSeed(1)
                .build();
    }

    /** One epoch of {@code dataset} under a recording, with a short step per batch. */
    private static Path record(Dataset dataset, String file) throws Exception {
        try (TimelineRecording recorder = TimelineRecording.start();
                NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                Thread.sleep(5);
                batch.close();
            }
            return recorder.stopAndDump(dir.resolve(file));
        }
    }

    private static Element lane(String id) {
        NodeList groups = picture.getElementsByTagNameNS("*", "g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element group = (Element) groups.item(i);
            if (group.getAttribute("id").equals("lane-" + id)) {
                return group;
            }
        }
        throw new AssertionError("no lane " + id);
    }
}
