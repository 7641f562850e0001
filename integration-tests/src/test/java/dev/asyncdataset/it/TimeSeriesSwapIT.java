package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.Model;
import ai.djl.basicdataset.tabular.utils.Feature;
import ai.djl.engine.Engine;
import ai.djl.metric.Metrics;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.repository.Repository;
import ai.djl.timeseries.dataset.FieldName;
import ai.djl.timeseries.dataset.M5Forecast;
import ai.djl.timeseries.dataset.TimeFeaturizers;
import ai.djl.timeseries.distribution.DistributionLoss;
import ai.djl.timeseries.distribution.output.DistributionOutput;
import ai.djl.timeseries.distribution.output.NegativeBinomialOutput;
import ai.djl.timeseries.evaluator.Rmsse;
import ai.djl.timeseries.model.deepar.DeepARNetwork;
import ai.djl.timeseries.timefeature.TimeFeature;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.Dataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.initializer.XavierInitializer;
import ai.djl.training.listener.TrainingListener;
import ai.djl.translate.TranslateException;
import ai.djl.util.JsonUtils;
import ai.djl.util.Pair;
import com.google.gson.JsonObject;
import dev.asyncdataset.ConcurrentDataset;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * DJL's TrainTimeSeries (DeepAR on M5Forecast, DJL 0.29.0's example) on PyTorch, over a synthetic
 * M5-format file: its dataset's {@code get} runs DJL's training transforms, whose instance sampler
 * draws from DJL's shared {@code RandomUtils}. Wrapped with sequential fetching, it trains to DJL's
 * own loss and weights bit for bit, run after run.
 */
class TimeSeriesSwapIT {

    private static final String FREQ = "W";
    private static final int PREDICTION_LENGTH = 4;
    private static final int WEEKS = 273;
    private static final int SERIES = 96;
    private static final int BATCH = 32;
    private static final int EPOCHS = 2;
    private static final int RUNS = 2;
    private static final LocalDateTime START = LocalDateTime.parse("2011-01-29T00:00");

    @TempDir static Path m5;

    private record Trained(float loss, long weights) {}

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void deepArTrainsAsDjlsLoaderRunAfterRunWhenFetchedSequentially()
            throws IOException, TranslateException {
        writeM5(m5.resolve("weekly_sales_train_validation.csv"));
        Trained shipped = train(false);
        for (int run = 0; run < RUNS; run++) {
            assertEquals(shipped, train(false), "DJL's loader, run " + run);
            assertEquals(shipped, train(true), "the swap, run " + run);
        }
    }

    private static Trained train(boolean swap) throws IOException, TranslateException {
        Engine.getInstance().setRandomSeed(42);
        try (Model model = Model.newInstance("deepar")) {
            DistributionOutput output = new NegativeBinomialOutput();
            NDManager manager = model.getNDManager();
            DeepARNetwork network = network(output);
            model.setBlock(network);
            M5Forecast shipped = dataset(network, manager);
            RandomAccessDataset dataset =
                    swap
                            ? ConcurrentDataset.builder()
                                    .setDataset(shipped)
                                    .setSampling(BATCH, true)
                                    .optSequentialFetch(true)
                                    .build()
                            : shipped;
            try (Trainer trainer = model.newTrainer(config(output))) {
                trainer.setMetrics(new Metrics());
                trainer.initialize(inputShapes(network.getHistoryLength()));
                EasyTrain.fit(trainer, EPOCHS, dataset, null);
                return new Trained(trainer.getTrainingResult().getTrainLoss(), checksum(model));
            }
        }
    }

    /** The example's network: cardinality of M5's five categorical features. */
    private static DeepARNetwork network(DistributionOutput output) {
        return DeepARNetwork.builder()
                .setCardinality(List.of(3, 10, 3, 7, 3049))
                .setFreq(FREQ)
                .setPredictionLength(PREDICTION_LENGTH)
                .optDistrOutput(output)
                .optUseFeatStaticCat(true)
                .buildTrainingNetwork();
    }

    private static M5Forecast dataset(DeepARNetwork network, NDManager manager)
            throws IOException, TranslateException {
        M5Forecast.Builder builder =
                M5Forecast.builder()
                        .optUsage(Dataset.Usage.TRAIN)
                        .optRepository(Repository.newInstance("test", m5))
                        .setTransformation(network.createTrainingTransformation(manager))
                        .setContextLength(network.getContextLength())
                        .setSampling(BATCH, true);
        for (int week = 1; week <= WEEKS; week++) {
            builder.addFeature("w_" + week, FieldName.TARGET);
        }
        M5Forecast dataset =
                builder.addFeature("state_id", FieldName.FEAT_STATIC_CAT)
                        .addFeature("store_id", FieldName.FEAT_STATIC_CAT)
                        .addFeature("cat_id", FieldName.FEAT_STATIC_CAT)
                        .addFeature("dept_id", FieldName.FEAT_STATIC_CAT)
                        .addFeature("item_id", FieldName.FEAT_STATIC_CAT)
                        .addFieldFeature(
                                FieldName.START,
                                new Feature(
                                        "date", TimeFeaturizers.getConstantTimeFeaturizer(START)))
                        .build();
        dataset.prepare();
        return dataset;
    }

    private static DefaultTrainingConfig config(DistributionOutput output) {
        return new DefaultTrainingConfig(new DistributionLoss("Loss", output))
                .addEvaluator(new Rmsse(output))
                .optInitializer(new XavierInitializer(), Parameter.Type.WEIGHT)
                .addTrainingListeners(TrainingListener.Defaults.basic());
    }

    private static Shape[] inputShapes(int history) {
        int timeFeatures = TimeFeature.timeFeaturesFromFreqStr(FREQ).size() + 1;
        return new Shape[] {
            new Shape(1, 5),
            new Shape(1, 1),
            new Shape(1, history, timeFeatures),
            new Shape(1, history),
            new Shape(1, history),
            new Shape(1, history),
            new Shape(1, PREDICTION_LENGTH, timeFeatures),
            new Shape(1, PREDICTION_LENGTH),
            new Shape(1, PREDICTION_LENGTH)
        };
    }

    /**
     * Writes M5's weekly sales layout: one row per item of a store, its five categorical ids (items
     * taken in order from DJL's own M5 feature maps) and its sales per week, seeded counts.
     */
    private static void writeM5(Path file) throws IOException {
        Random random = new Random(7);
        String[] states = {"CA", "TX", "WI"};
        List<String> lines = new ArrayList<>();
        StringBuilder header = new StringBuilder("id,item_id,dept_id,cat_id,store_id,state_id");
        for (int week = 1; week <= WEEKS; week++) {
            header.append(",w_").append(week);
        }
        lines.add(header.toString());
        List<String> items = m5Items();
        for (int row = 0; row < SERIES; row++) {
            String item = items.get(row * (items.size() / SERIES));
            String department = item.substring(0, item.lastIndexOf('_'));
            String state = states[row % states.length];
            String store = state + "_1";
            StringBuilder line = new StringBuilder();
            line.append(item).append('_').append(store).append("_validation,");
            line.append(item).append(',').append(department).append(',');
            line.append(department, 0, department.indexOf('_')).append(',');
            line.append(store).append(',').append(state);
            int level = 1 + random.nextInt(40);
            for (int week = 1; week <= WEEKS; week++) {
                line.append(',').append(random.nextInt(level + 1));
            }
            lines.add(line.toString());
        }
        Files.write(file, lines);
    }

    /** The item ids DJL's M5Forecast knows, in the order of their codes. */
    private static List<String> m5Items() throws IOException {
        try (InputStream in = M5Forecast.class.getResourceAsStream("m5forecast_parser.json");
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            JsonObject items =
                    JsonUtils.GSON
                            .fromJson(reader, JsonObject.class)
                            .getAsJsonObject("featureToMap")
                            .getAsJsonObject("item_id");
            return items.keySet().stream()
                    .sorted(Comparator.comparingInt(id -> items.get(id).getAsInt()))
                    .toList();
        }
    }

    private static long checksum(Model model) {
        CRC32 crc = new CRC32();
        for (Pair<String, Parameter> parameter : model.getBlock().getParameters()) {
            crc.update(parameter.getValue().getArray().toByteArray());
        }
        return crc.getValue();
    }
}
