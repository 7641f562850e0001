package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import ai.djl.util.RandomUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A wrapped dataset whose {@code get} draws from DJL's shared {@code RandomUtils}: fetched
 * sequentially, the loader calls {@code get} in the sampler's order, so every run gives DJL's own
 * loader's values.
 */
@Timeout(120)
class SequentialFetchTest {

    private static final int ITEMS = 64;
    private static final int BATCH = 8;
    private static final int EPOCHS = 2;
    private static final int RUNS = 3;

    static Stream<Arguments> sequentialSettings() {
        return Stream.of(
                Arguments.of(
                        "optSequentialFetch(true)",
                        (UnaryOperator<ConcurrentDatasetBuilder>) b -> b.optSequentialFetch(true)),
                Arguments.of(
                        "optFetchers(1)",
                        (UnaryOperator<ConcurrentDatasetBuilder>) b -> b.optFetchers(1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sequentialSettings")
    void getDrawsFromRandomUtilsInTheSamplersOrderAsDjlsLoaderDoes(
            String name, UnaryOperator<ConcurrentDatasetBuilder> sequential) throws Exception {
        List<Float> expected = epochs(RandomDraws.sampled());
        for (int run = 0; run < RUNS; run++) {
            ConcurrentDatasetBuilder builder =
                    ConcurrentDataset.builder()
                            .setDataset(RandomDraws.sampled())
                            .setSampling(BATCH, true);
            assertEquals(
                    expected, epochs(sequential.apply(builder).build()), name + ", run " + run);
        }
    }

    /** Every value of every batch of two epochs, labels (the indices) then data, from seed 42. */
    private static List<Float> epochs(RandomAccessDataset dataset) throws Exception {
        Engine.getInstance().setRandomSeed(42);
        List<Float> values = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int epoch = 0; epoch < EPOCHS; epoch++) {
                for (Batch batch : dataset.getData(manager)) {
                    try (batch) {
                        add(values, batch.getLabels().singletonOrThrow().toFloatArray());
                        add(values, batch.getData().singletonOrThrow().toFloatArray());
                    }
                }
            }
        }
        return values;
    }

    private static void add(List<Float> values, float[] array) {
        for (float value : array) {
            values.add(value);
        }
    }

    /** Item {@code i} is its index and {@code 1 + i % 3} draws from {@code RandomUtils}. */
    private static final class RandomDraws extends RandomAccessDataset {

        private RandomDraws(Builder builder) {
            super(builder);
        }

        static RandomDraws sampled() {
            return new Builder().setSampling(BATCH, true).build();
        }

        @Override
        public Record get(NDManager manager, long index) {
            float[] row = new float[3];
            for (int i = 0; i <= index % 3; i++) {
                row[i] = RandomUtils.nextFloat();
            }
            return new Record(
                    new NDList(manager.create(row)), new NDList(manager.create((float) index)));
        }

        @Override
        protected long availableSize() {
            return ITEMS;
        }

        @Override
        public void prepare(Progress progress) {}

        private static final class Builder extends BaseBuilder<Builder> {
            @Override
            protected Builder self() {
                return this;
            }

            RandomDraws build() {
                return new RandomDraws(this);
            }
        }
    }
}
