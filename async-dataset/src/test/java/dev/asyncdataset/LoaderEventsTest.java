package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording made with the jar's {@code async-dataset.jfc} holds every batch's life in order
 * (fetched, decoded, collated, staged, handed over, closed) and the trainer's waits, which add up
 * to {@link LoaderStats#dataWaitNanos()}.
 */
class LoaderEventsTest {

    private static final int ITEMS = 24;
    private static final int BATCH = 8;

    @Test
    @Timeout(300)
    void everyBatchsEventsComeInPipelineOrderAndTheWaitsAddUp(@TempDir Path root) throws Exception {
        TestImages.write(root.resolve("data"), TestImages.classFolders(2, ITEMS / 2, 40, 30));
        ConcurrentDataset dataset = dataset(root.resolve("data"));
        List<RecordedEvent> events = record(dataset, root.resolve("epoch.jfr"));
        Map<Long, List<RecordedEvent>> byBatch =
                events.stream()
                        .filter(e -> e.hasField("batch"))
                        .collect(Collectors.groupingBy(e -> e.getLong("batch")));
        assertEquals(ITEMS / BATCH, byBatch.size());
        byBatch.values().forEach(LoaderEventsTest::assertInPipelineOrder);
        Duration waited =
                named(events, "TrainerWait").stream()
                        .map(RecordedEvent::getDuration)
                        .reduce(Duration.ZERO, Duration::plus);
        long tolerance = Math.max(2_000_000, dataset.stats().dataWaitNanos() / 50);
        assertEquals(dataset.stats().dataWaitNanos(), waited.toNanos(), tolerance);
    }

    private static void assertInPipelineOrder(List<RecordedEvent> batch) {
        List<RecordedEvent> fetches = named(batch, "ItemFetch");
        List<RecordedEvent> decodes = named(batch, "ItemDecode");
        assertEquals(BATCH, fetches.size());
        assertEquals(BATCH, decodes.size());
        fetches.forEach(f -> assertFalse(Objects.requireNonNull(f.getString("key")).isEmpty()));
        fetches.forEach(f -> assertTrue(f.getLong("bytes") > 0, "no bytes counted"));
        Instant planned = one(batch, "BatchPlanned").getStartTime();
        assertOrder(planned, fetches.stream().map(RecordedEvent::getStartTime).min(order()).get());
        for (RecordedEvent fetch : fetches) {
            RecordedEvent decode = sameIndex(decodes, fetch.getLong("index"));
            assertOrder(fetch.getEndTime(), decode.getStartTime());
        }
        Instant decoded = decodes.stream().map(RecordedEvent::getEndTime).max(order()).get();
        RecordedEvent collate = one(batch, "BatchCollate");
        RecordedEvent stage = one(batch, "BatchStage");
        RecordedEvent held = one(batch, "BatchHeld");
        assertOrder(decoded, collate.getEndTime());
        assertOrder(collate.getEndTime(), stage.getStartTime());
        assertOrder(stage.getEndTime(), held.getStartTime());
        assertEquals(BATCH, collate.getInt("items"));
    }

    private static ConcurrentDataset dataset(Path data) throws Exception {
        return ConcurrentDataset.builder()
                .setSource(FolderSource.builder().setLocation(data.toString()).build())
                .setSampling(BATCH, true)
                .optPipeline(ImageRecipes.training(24))
                .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                .optSeed(3)
                .build();
    }

    /** One epoch under a recording with the jar's settings; its events, read back. */
    private static List<RecordedEvent> record(ConcurrentDataset dataset, Path file)
            throws Exception {
        try (Reader settings = jarSettings();
                Recording recording = new Recording(Configuration.create(settings));
                NDManager trainer = NDManager.newBaseManager()) {
            recording.start();
            for (Batch batch : dataset.getData(trainer)) {
                batch.close();
            }
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().startsWith("dev.asyncdataset."))
                .toList();
    }

    private static Reader jarSettings() {
        return new InputStreamReader(
                Objects.requireNonNull(
                        ConcurrentDataset.class.getResourceAsStream("async-dataset.jfc")),
                StandardCharsets.UTF_8);
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.asyncdataset." + name))
                .toList();
    }

    private static RecordedEvent one(List<RecordedEvent> events, String name) {
        List<RecordedEvent> found = named(events, name);
        assertEquals(1, found.size(), name);
        return found.getFirst();
    }

    private static RecordedEvent sameIndex(List<RecordedEvent> events, long index) {
        return events.stream().filter(e -> e.getLong("index") == index).findFirst().orElseThrow();
    }

    private static void assertOrder(Instant before, Instant after) {
        assertFalse(after.isBefore(before), before + " is after " + after);
    }

    private static Comparator<Instant> order() {
        return Comparator.naturalOrder();
    }
}
