package dev.asyncdataset.examples.samples;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.loss.Loss;
import ai.djl.training.loss.SingleShotDetectionLoss;
import ai.djl.util.Pair;

/**
 * DJL's {@link SingleShotDetectionLoss} (softmax cross-entropy over the anchors' classes plus L1
 * over the offsets of the anchors given a box) with the anchors' targets from {@link
 * AnchorTargets}: DJL's own loss calls {@code MultiBoxTarget}, which the PyTorch engine does not
 * implement ({@code UnsupportedOperationException: Not implemented}). The class targets are given
 * as (N, A, 1): the PyTorch engine's {@code pick}, which the softmax cross-entropy uses, fails on
 * (N, A) indices into (N, A, classes) predictions (it reshapes them to a wrong shape).
 */
public final class AnchorTargetLoss extends SingleShotDetectionLoss {

    /** Creates the loss, named as DJL's. */
    public AnchorTargetLoss() {
        super();
    }

    /**
     * Returns the labels and predictions of one component, as DJL's loss does.
     *
     * @param componentIndex 0 for the classes, 1 for the box offsets
     * @param labels the padded boxes (N, M, 5)
     * @param predictions SSD's anchors, class predictions and box offset predictions
     * @return the component's labels and predictions
     */
    @Override
    protected Pair<NDList, NDList> inputForComponent(
            int componentIndex, NDList labels, NDList predictions) {
        NDList targets = AnchorTargets.of(predictions.get(0), labels.head());
        if (componentIndex == 0) {
            return new Pair<>(
                    new NDList(targets.get(2).expandDims(2)), new NDList(predictions.get(1)));
        }
        NDArray mask = targets.get(1);
        return new Pair<>(
                new NDList(targets.get(0).mul(mask)), new NDList(predictions.get(2).mul(mask)));
    }

    /**
     * Returns the class part of this loss (softmax cross-entropy over the anchors' classes) as a
     * loss of its own, named {@code ClassLoss}, to follow as an evaluator.
     *
     * @return the class loss
     */
    public Loss classLoss() {
        return component(0, "ClassLoss");
    }

    /**
     * Returns the box part of this loss (L1 over the offsets of the anchors given a box) as a loss
     * of its own, named {@code BoxLoss}, to follow as an evaluator.
     *
     * @return the box loss
     */
    public Loss boxLoss() {
        return component(1, "BoxLoss");
    }

    private Loss component(int index, String name) {
        Loss component = components.get(index);
        return new Loss(name) {
            @Override
            public NDArray evaluate(NDList labels, NDList predictions) {
                Pair<NDList, NDList> inputs = inputForComponent(index, labels, predictions);
                return component.evaluate(inputs.getKey(), inputs.getValue());
            }
        };
    }
}
