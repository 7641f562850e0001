package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.djl.ndarray.NDArray;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.BatchSampler;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.SequenceSampler;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.source.ItemSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class BuilderTest {

    @Test
    void rejectsBadCountsNamingTheValue() {
        ConcurrentDatasetBuilder builder = ConcurrentDataset.builder();
        assertMessage("fetchers < 1: 0", () -> builder.optFetchers(0));
        assertMessage("prefetchNumber < 1: -2", () -> builder.optPrefetchNumber(-2));
        assertMessage("stagingDepth < 1: 0", () -> builder.optStagingDepth(0));
        assertMessage("decodeThreads < 1: 0", () -> builder.optDecodeThreads(0));
        assertMessage("prefetchNumber < 1: 0", () -> builder.optPrefetchNumber(0));
        assertMessage("maxLiveEpochs < 1: 0", () -> builder.optMaxLiveEpochs(0));
    }

    @Test
    void refusesAPackedTextStateNamingItsTokens() {
        IterationState packed =
                IterationState.parse(new IterationState(1, 2, 3).format() + ",tokens=7");
        assertMessage(
                "a packed text state (tokens=7): resume it with"
                        + " PackedDataset.builder().optResumeFrom",
                () -> ConcurrentDataset.builder().optResumeFrom(packed));
    }

    @Test
    void requiresSamplingAndExactlyOneSource() {
        assertThrows(
                NullPointerException.class,
                () ->
                        ConcurrentDataset.builder()
                                .setSource(new TestSources.WithBadItems(1))
                                .build());
        assertMessage(
                "set exactly one of setData, setDataset, setSource and addSource; called: none",
                () -> ConcurrentDataset.builder().setSampling(1, false).build());
    }

    @Test
    void refusesTwoWaysOfBuildingAtBuild() {
        RandomAccessDataset slow = new TestSources.SlowDataset(4, 0, 1);
        ConcurrentDatasetBuilder builder =
                ConcurrentDataset.builder()
                        .setDataset(slow)
                        .setSource(new TestSources.WithBadItems(1))
                        .setSampling(1, false);
        assertMessage(
                "set exactly one of setData, setDataset, setSource and addSource; called: "
                        + "[setDataset, setSource]",
                builder::build);
        ConcurrentDatasetBuilder mixAndOne =
                ConcurrentDataset.builder()
                        .addSource(new TestSources.WithBadItems(1), SourceShare.once())
                        .setSource(new TestSources.WithBadItems(1))
                        .setSampling(1, false);
        assertMessage(
                "set exactly one of setData, setDataset, setSource and addSource; called: "
                        + "[addSource, setSource]",
                mixAndOne::build);
    }

    @Test
    void aMixNeedsABatchSizeAndAnEpochSizeNeedsAMix() {
        ConcurrentDatasetBuilder custom =
                ConcurrentDataset.builder()
                        .addSource(new TestSources.WithBadItems(1), SourceShare.once())
                        .setSampling(new BatchSampler(new SequenceSampler(), 1, false));
        assertMessage("addSource needs setSampling(batchSize, shuffle[, dropLast])", custom::build);
        ConcurrentDatasetBuilder unmixed =
                ConcurrentDataset.builder()
                        .setSource(new TestSources.WithBadItems(1))
                        .optEpochSize(10)
                        .setSampling(1, false);
        assertMessage("optEpochSize needs addSource", unmixed::build);
    }

    @Test
    void nullOrEmptyDataFailsAtTheCallWithDjlsMessage() {
        String djl =
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        new ArrayDataset.Builder()
                                                .setData(new NDArray[0])
                                                .setSampling(1, false)
                                                .build())
                        .getMessage();
        assertEquals("Please pass in at least one data", djl);
        assertMessage(djl, () -> ConcurrentDataset.builder().setData((NDArray[]) null));
        assertMessage(djl, () -> ConcurrentDataset.builder().setData());
    }

    @Test
    void nullDatasetOrSourceFailsAtTheCall() {
        ConcurrentDatasetBuilder builder = ConcurrentDataset.builder();
        assertNpe("setDataset: dataset is null", () -> builder.setDataset(null));
        assertNpe("setSource: source is null", () -> builder.setSource((ItemSource<?>) null));
        assertNpe("optLabels: labels is null", () -> builder.optLabels((NDArray[]) null));
    }

    private static void assertMessage(String expected, Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    private static void assertNpe(String expected, Executable call) {
        assertEquals(expected, assertThrows(NullPointerException.class, call).getMessage());
    }
}
