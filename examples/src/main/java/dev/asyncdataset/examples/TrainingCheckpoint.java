package dev.asyncdataset.examples;

import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.util.Pair;
import dev.asyncdataset.epoch.IterationState;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What a ResNet-18 training checkpoint holds, in one folder written by {@link Checkpoints}: the
 * model's parameters ({@value #PARAMETERS}, DJL's parameter format, batch-norm statistics
 * included), the optimizer's state when it is a {@link MomentumSgd} ({@value #OPTIMIZER}), and
 * {@value #STATE}: the epoch, the optimizer steps taken, the training loader's {@link
 * IterationState} (the next batch) and the epoch's totals so far.
 *
 * @param epoch the epoch the next batch belongs to, from 0
 * @param step the optimizer steps taken
 * @param loader where the training loader continues
 * @param state all saved properties, the epoch's totals among them
 */
public record TrainingCheckpoint(int epoch, long step, IterationState loader, Properties state) {

    /** The properties file of a checkpoint. */
    public static final String STATE = "state.properties";

    /** The model parameters of a checkpoint. */
    public static final String PARAMETERS = "model.params";

    /** The optimizer state of a checkpoint. */
    public static final String OPTIMIZER = "optimizer.bin";

    /**
     * Writes a checkpoint of {@code model} and {@code optimizer} under {@code root}.
     *
     * @param root the folder of checkpoints
     * @param model the model
     * @param optimizer the optimizer; its state is saved when it is a {@link MomentumSgd}
     * @param position where training is, with the epoch totals in {@code state}
     * @return the checkpoint's folder
     * @throws IOException if writing fails
     */
    public static Path save(
            Path root, Model model, Optimizer optimizer, TrainingCheckpoint position)
            throws IOException {
        Properties state = new Properties();
        state.putAll(position.state());
        state.setProperty("epoch", Integer.toString(position.epoch()));
        state.setProperty("step", Long.toString(position.step()));
        state.setProperty("loader", position.loader().format());
        return Checkpoints.write(
                root,
                position.step(),
                dir -> {
                    try (DataOutputStream out = output(dir.resolve(PARAMETERS))) {
                        model.getBlock().saveParameters(out);
                    }
                    if (optimizer instanceof MomentumSgd sgd) {
                        try (DataOutputStream out = output(dir.resolve(OPTIMIZER))) {
                            sgd.save(out, names(model.getBlock(), true));
                        }
                    }
                    try (Writer out = Files.newBufferedWriter(dir.resolve(STATE))) {
                        state.store(out, "ResNet-18 training checkpoint");
                    }
                });
    }

    /**
     * Reads the position of the checkpoint in {@code dir}.
     *
     * @param dir a checkpoint's folder
     * @return its position
     * @throws IOException if the state cannot be read
     */
    public static TrainingCheckpoint read(Path dir) throws IOException {
        Properties state = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(STATE), StandardCharsets.UTF_8)) {
            state.load(in);
        }
        return new TrainingCheckpoint(
                Integer.parseInt(state.getProperty("epoch")),
                Long.parseLong(state.getProperty("step")),
                IterationState.parse(state.getProperty("loader")),
                state);
    }

    /**
     * Loads the saved parameters into {@code model}'s block; call it before creating the trainer.
     *
     * @param dir the checkpoint's folder
     * @param model the model, its block set and not yet trained
     * @throws IOException if the parameters cannot be read or do not fit the block
     */
    public static void loadParameters(Path dir, Model model) throws IOException {
        try (DataInputStream in = input(dir.resolve(PARAMETERS))) {
            model.getBlock().loadParameters(model.getNDManager(), in);
        } catch (MalformedModelException e) {
            throw new IOException(dir + ": parameters do not fit the model: " + e.getMessage(), e);
        }
    }

    /**
     * Restores the saved optimizer state into {@code sgd}.
     *
     * @param dir the checkpoint's folder
     * @param sgd the optimizer
     * @param block the model's block, whose parameters the state names
     * @param manager where the momentum buffers go, on the training device
     * @throws IOException if the state cannot be read
     */
    public static void loadOptimizer(Path dir, MomentumSgd sgd, Block block, NDManager manager)
            throws IOException {
        try (DataInputStream in = input(dir.resolve(OPTIMIZER))) {
            sgd.load(in, manager, names(block, false));
        }
    }

    /** Parameter id to name ({@code byId}), or name to id. */
    private static Map<String, String> names(Block block, boolean byId) {
        Map<String, String> names = new HashMap<>();
        for (Pair<String, Parameter> parameter : block.getParameters()) {
            String id = parameter.getValue().getId();
            names.put(byId ? id : parameter.getKey(), byId ? parameter.getKey() : id);
        }
        return names;
    }

    private static DataOutputStream output(Path file) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)));
    }

    private static DataInputStream input(Path file) throws IOException {
        return new DataInputStream(new BufferedInputStream(Files.newInputStream(file)));
    }
}
