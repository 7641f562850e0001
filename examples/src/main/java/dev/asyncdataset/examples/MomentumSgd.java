package dev.asyncdataset.examples;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SGD with momentum and weight decay, the update of DJL's {@code Sgd} (the engine's {@code
 * sgdUpdate}), whose state can be saved and restored: DJL's {@code Sgd} keeps its momentum buffers
 * and update counts private, so a run resumed with it would restart momentum from zero. The state
 * is each parameter's momentum buffer and the number of updates so far, which drives the learning
 * rate tracker; a restored optimizer continues with the same updates an uninterrupted one makes.
 * Thread-safe as DJL's optimizers are: one update per parameter and device at a time.
 */
public final class MomentumSgd extends Optimizer {

    private static final int FORMAT = 1;

    private final Tracker learningRates;
    private final float momentum;
    private final Map<String, Map<Device, NDArray>> buffers = new ConcurrentHashMap<>();
    private final Map<String, Integer> updates = new ConcurrentHashMap<>();

    /**
     * Creates the optimizer.
     *
     * @param learningRates the learning rate by update number (counted from 1)
     * @param momentum the momentum, such as 0.9
     * @param weightDecay the weight decay, such as 1e-4
     */
    public MomentumSgd(Tracker learningRates, float momentum, float weightDecay) {
        super(new Settings().optWeightDecays(weightDecay));
        this.learningRates = learningRates;
        this.momentum = momentum;
    }

    /** {@inheritDoc} */
    @Override
    public void update(String parameterId, NDArray weight, NDArray grad) {
        int count = updates.merge(parameterId, 1, Integer::sum);
        float learningRate = learningRates.getNewValue(parameterId, count);
        NDArray buffer =
                withDefaultState(buffers, parameterId, weight.getDevice(), k -> weight.zerosLike());
        weight.getNDArrayInternal()
                .sgdUpdate(
                        new NDList(weight, grad, buffer),
                        new NDList(weight),
                        learningRate,
                        getWeightDecay(),
                        rescaleGrad,
                        clipGrad,
                        momentum,
                        true);
    }

    /**
     * Returns the most updates any parameter has had: the optimizer steps taken.
     *
     * @return the update count
     */
    public int steps() {
        return updates.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /**
     * Writes the update counts and the momentum buffers (of one device; all devices hold the same
     * values) to {@code out}, under the parameters' names: DJL's parameter ids are random per
     * process.
     *
     * @param out where to write
     * @param names each parameter id's name in the block
     * @throws IOException if writing fails
     */
    public void save(DataOutputStream out, Map<String, String> names) throws IOException {
        Map<String, String> byName = new TreeMap<>();
        buffers.keySet().forEach(id -> byName.put(names.get(id), id));
        out.writeInt(FORMAT);
        out.writeInt(byName.size());
        for (Map.Entry<String, String> parameter : byName.entrySet()) {
            out.writeUTF(parameter.getKey());
            out.writeInt(updates.getOrDefault(parameter.getValue(), 0));
            byte[] array = buffers.get(parameter.getValue()).values().iterator().next().encode();
            out.writeInt(array.length);
            out.write(array);
        }
    }

    /**
     * Restores what {@link #save} wrote, replacing this optimizer's state; buffers are created in
     * {@code manager} and copied to other devices on their first update.
     *
     * @param in where to read
     * @param manager the manager to hold the buffers, on the training device
     * @param ids each parameter name's id in this process
     * @throws IOException if reading fails, the data is not an optimizer state, or it names a
     *     parameter the block does not have
     */
    public void load(DataInputStream in, NDManager manager, Map<String, String> ids)
            throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("not a MomentumSgd state of format " + FORMAT + ": " + format);
        }
        buffers.clear();
        updates.clear();
        int parameters = in.readInt();
        for (int i = 0; i < parameters; i++) {
            String name = in.readUTF();
            String id = ids.get(name);
            if (id == null) {
                throw new IOException("the optimizer state names an unknown parameter: " + name);
            }
            updates.put(id, in.readInt());
            byte[] array = new byte[in.readInt()];
            in.readFully(array);
            NDArray buffer = manager.decode(array);
            Map<Device, NDArray> byDevice = new ConcurrentHashMap<>();
            byDevice.put(buffer.getDevice(), buffer);
            buffers.put(id, byDevice);
        }
    }

    /** DJL's optimizer settings: weight decay, gradient rescaling and clipping. */
    private static final class Settings extends OptimizerBuilder<Settings> {

        @Override
        protected Settings self() {
            return this;
        }
    }
}
