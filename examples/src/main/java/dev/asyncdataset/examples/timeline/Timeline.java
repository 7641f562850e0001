package dev.asyncdataset.examples.timeline;

import java.util.List;

/**
 * A recording read into lanes, times in seconds since the first loader or trainer event.
 *
 * @param fetches each item's read from storage
 * @param decodes each item's decode and transforms
 * @param collates each batch's collation
 * @param batchesInFlight each batch from its planning to the end of its staging
 * @param stages each batch's creation on the device
 * @param waits the trainer getting each batch
 * @param steps the trainer's step on each batch
 * @param fetchLimit the fetches allowed at once, as each batch was planned
 * @param jvmCpu the CPU load of the recorded JVM, 0 to 1 of all the machine's cores
 * @param machineCpu the machine's CPU load, 0 to 1
 * @param end the last event's end
 */
public record Timeline(
        List<Span> fetches,
        List<Span> decodes,
        List<Span> collates,
        List<Span> batchesInFlight,
        List<Span> stages,
        List<Span> waits,
        List<Span> steps,
        List<Level> fetchLimit,
        List<Level> jvmCpu,
        List<Level> machineCpu,
        double end) {

    /**
     * Returns the share of the trainer's time spent getting batches, from its first event to its
     * last.
     *
     * @return a fraction between 0 and 1, 0 without trainer events
     */
    public double waitShare() {
        double waited = waits.stream().mapToDouble(Span::seconds).sum();
        double stepped = steps.stream().mapToDouble(Span::seconds).sum();
        return waited + stepped > 0 ? waited / (waited + stepped) : 0;
    }
}
