package dev.asyncdataset.examples.timeline;

import dev.asyncdataset.examples.TrainingEvents;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording into a {@link Timeline}: the library's loader events, the examples' trainer
 * events ({@link TrainingEvents}) and the JDK's CPU load. Without the examples' events (a training
 * loop of one's own), the trainer's lanes come from the library's: {@code TrainerWait} (one per
 * wait in {@code hasNext} or {@code next}) and {@code BatchHeld} (from {@code next} to the batch's
 * {@code close}). A CPU sample of 0 for the whole machine is left out: the JDK's first sample has
 * nothing to measure against. Streams the file, keeping only times and numbers, so a long recording
 * fits in little memory.
 */
public final class RecordingReader {

    private static final String LOADER = "dev.asyncdataset.";
    private static final String PLANNED = LOADER + "BatchPlanned";
    private static final String CPU = "jdk.CPULoad";

    private final Map<String, List<Raw>> spans = new HashMap<>();
    private final List<RawLevel> fetchLimit = new ArrayList<>();
    private final List<RawLevel> jvmCpu = new ArrayList<>();
    private final List<RawLevel> machineCpu = new ArrayList<>();

    private RecordingReader() {}

    /**
     * Reads {@code file}.
     *
     * @param file a JFR recording
     * @return its lanes
     * @throws IOException if the file cannot be read or is not a recording
     * @throws IllegalArgumentException if it holds no loader or trainer event
     */
    public static Timeline read(Path file) throws IOException {
        RecordingReader reader = new RecordingReader();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                reader.add(recording.readEvent());
            }
        }
        return reader.timeline();
    }

    private void add(RecordedEvent event) {
        String name = event.getEventType().getName();
        if (name.equals(CPU) && event.getFloat("machineTotal") > 0) {
            long time = nanos(event.getStartTime());
            jvmCpu.add(new RawLevel(time, event.getFloat("jvmUser") + event.getFloat("jvmSystem")));
            machineCpu.add(new RawLevel(time, event.getFloat("machineTotal")));
        } else if (name.startsWith(LOADER)) {
            Raw raw = raw(event);
            spans.computeIfAbsent(name, k -> new ArrayList<>()).add(raw);
            if (name.equals(PLANNED)) {
                fetchLimit.add(new RawLevel(raw.start, event.getInt("fetchLimit")));
            }
        }
    }

    private Timeline timeline() {
        long origin =
                spans.values().stream()
                        .flatMap(List::stream)
                        .mapToLong(Raw::start)
                        .min()
                        .orElseThrow(
                                () -> new IllegalArgumentException("no loader or trainer events"));
        long end =
                spans.values().stream().flatMap(List::stream).mapToLong(Raw::end).max().getAsLong();
        return new Timeline(
                seconds(lane("ItemFetch"), origin),
                seconds(lane("ItemDecode"), origin),
                seconds(lane("BatchCollate"), origin),
                seconds(inFlight(), origin),
                seconds(lane("BatchStage"), origin),
                seconds(trainer(TrainingEvents.GET_BATCH, "TrainerWait"), origin),
                seconds(trainer(TrainingEvents.TRAIN_STEP, "BatchHeld"), origin),
                levels(fetchLimit, origin),
                levels(jvmCpu, origin),
                levels(machineCpu, origin),
                (end - origin) / 1e9);
    }

    private static List<Span> seconds(List<Raw> raw, long origin) {
        return raw.stream()
                .map(
                        r ->
                                new Span(
                                        (r.start - origin) / 1e9,
                                        (r.end - origin) / 1e9,
                                        r.epoch,
                                        r.batch))
                .toList();
    }

    private static List<Level> levels(List<RawLevel> raw, long origin) {
        return raw.stream().map(r -> new Level((r.time - origin) / 1e9, r.value)).toList();
    }

    /** The examples' trainer event if recorded, else the library's {@code fallback}. */
    private List<Raw> trainer(String event, String fallback) {
        return spans.containsKey(event) ? spans.get(event) : lane(fallback);
    }

    private List<Raw> lane(String event) {
        return spans.getOrDefault(LOADER + event, List.of());
    }

    /** Each batch from its planning to the end of its staging. */
    private List<Raw> inFlight() {
        Map<List<Long>, Long> staged = new HashMap<>();
        lane("BatchStage").forEach(s -> staged.put(List.of(s.epoch, s.batch), s.end));
        return spans.getOrDefault(PLANNED, List.of()).stream()
                .filter(p -> staged.containsKey(List.of(p.epoch, p.batch)))
                .map(p -> new Raw(p.start, staged.get(List.of(p.epoch, p.batch)), p.epoch, p.batch))
                .toList();
    }

    private static Raw raw(RecordedEvent event) {
        return new Raw(
                nanos(event.getStartTime()),
                nanos(event.getEndTime()),
                event.hasField("epoch") ? event.getLong("epoch") : -1,
                event.hasField("batch") ? event.getLong("batch") : -1);
    }

    private static long nanos(Instant time) {
        return time.getEpochSecond() * 1_000_000_000L + time.getNano();
    }

    /** An event's times in nanoseconds since 1970. */
    private record Raw(long start, long end, long epoch, long batch) {}

    /** A level's time in nanoseconds since 1970. */
    private record RawLevel(long time, double value) {}
}
