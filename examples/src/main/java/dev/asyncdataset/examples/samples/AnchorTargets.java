package dev.asyncdataset.examples.samples;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.DataType;

/**
 * The training targets of SSD's anchors, as DJL's {@link ai.djl.modality.cv.MultiBoxTarget}
 * computes them (MXNet's {@code MultiBoxTarget}, without hard negative mining), written with
 * NDArray operations because DJL's PyTorch engine does not implement {@code multiBoxTarget}. Each
 * box gets the anchor that overlaps it most, and every other anchor whose best overlap (IoU) with a
 * box reaches {@value #IOU_THRESHOLD} gets that box; the other anchors are background.
 */
public final class AnchorTargets {

    /** The overlap (IoU) from which an anchor is given a box. */
    public static final float IOU_THRESHOLD = 0.5f;

    /** MultiBoxTarget's default variances: centre offsets and log sizes are divided by these. */
    private static final float CENTRE_VARIANCE = 0.1f;

    private static final float SIZE_VARIANCE = 0.2f;

    private AnchorTargets() {}

    /**
     * Returns the targets of the anchors for a batch of labels, the three arrays {@code
     * MultiBoxTarget} returns.
     *
     * @param anchors (1, A, 4) anchors as corners, from SSD's first output
     * @param labels (N, M, 5) rows of [class, xmin, ymin, xmax, ymax], padded with rows of -1
     * @return box offsets (N, A*4), their mask (N, A*4: 1 for the anchors given a box) and classes
     *     (N, A: 0 for background, class + 1 for a box)
     */
    public static NDList of(NDArray anchors, NDArray labels) {
        long batch = labels.getShape().get(0);
        NDArray valid = labels.get(":, :, 0").gte(0).toType(DataType.FLOAT32, false);
        NDArray iou = iou(anchors.reshape(-1, 4), labels.get(":, :, 1:"), valid);
        NDArray forced =
                iou.argMax(1).oneHot((int) anchors.getShape().get(1)).mul(valid.expandDims(2));
        NDArray isForced = forced.max(new int[] {1}).gt(0);
        NDArray assigned = NDArrays.where(isForced, forced.argMax(1), iou.argMax(2));
        NDArray positive =
                isForced.logicalOr(iou.max(new int[] {2}).gte(IOU_THRESHOLD))
                        .toType(DataType.FLOAT32, false);
        NDArray matched = assigned.oneHot((int) labels.getShape().get(1)).matMul(labels);
        NDArray offsets = offsets(anchors, matched.get(":, :, 1:")).reshape(batch, -1);
        NDArray mask = positive.expandDims(2).repeat(2, 4).reshape(batch, -1);
        NDArray classes = matched.get(":, :, 0").add(1).mul(positive);
        return new NDList(offsets, mask, classes);
    }

    /** (N, A, M) overlaps of anchors (A, 4) and boxes (N, M, 4); -1 for padding rows. */
    private static NDArray iou(NDArray anchors, NDArray boxes, NDArray valid) {
        NDArray a = anchors.expandDims(0).expandDims(2);
        NDArray b = boxes.expandDims(1);
        NDArray low = a.get("..., :2").maximum(b.get("..., :2"));
        NDArray high = a.get("..., 2:").minimum(b.get("..., 2:"));
        NDArray overlap = high.sub(low).maximum(0).prod(new int[] {-1});
        NDArray union = area(a).add(area(b)).sub(overlap);
        return overlap.div(union).add(1).mul(valid.expandDims(1)).sub(1);
    }

    private static NDArray area(NDArray corners) {
        return corners.get("..., 2:").sub(corners.get("..., :2")).prod(new int[] {-1});
    }

    /** (N, A, 4) offsets of boxes (N, A, 4) from anchors (1, A, 4), as MultiBoxTarget encodes. */
    private static NDArray offsets(NDArray anchors, NDArray boxes) {
        NDArray anchor = centreAndSize(anchors);
        NDArray box = centreAndSize(boxes);
        NDArray anchorSize = anchor.get("..., 2:");
        NDArray centre =
                box.get("..., :2").sub(anchor.get("..., :2")).div(anchorSize).div(CENTRE_VARIANCE);
        NDArray size = box.get("..., 2:").maximum(1e-6f).div(anchorSize).log().div(SIZE_VARIANCE);
        return centre.concat(size, -1);
    }

    private static NDArray centreAndSize(NDArray corners) {
        NDArray low = corners.get("..., :2");
        NDArray high = corners.get("..., 2:");
        return low.add(high).div(2).concat(high.sub(low), -1);
    }
}
