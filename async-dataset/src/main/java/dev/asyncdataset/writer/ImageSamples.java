package dev.asyncdataset.writer;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.items.LabeledKeys;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The images of an image-classification source as the samples {@link ShardWriter} writes: item
 * {@code i} becomes sample {@code <class>/<9-digit i>} (the label when there are no class names)
 * with the image under its extension and the label, in decimal, under {@code cls}. Only fetched,
 * never decoded.
 */
final class ImageSamples implements ItemSource<Sample> {

    private final LabeledImageSource images;
    private final List<String> classes;

    ImageSamples(LabeledImageSource images, List<String> classes) {
        this.images = images;
        this.classes = classes;
    }

    @Override
    public long size() {
        return images.size();
    }

    /** Copies the image out of the body the source fetched, which goes back to the source. */
    @Override
    public Sample fetch(NDManager manager, long index) throws Exception {
        ByteBuffer body = images.fetch(manager, index);
        byte[] bytes = new byte[body.remaining()];
        body.get(body.position(), bytes);
        images.release(index, body);
        String item = describe(index);
        String file = item.substring(item.lastIndexOf('/') + 1);
        if (!LabeledKeys.isImageName(file)) {
            throw new BadItemException(item, "not an image name (jpg, png, ...)", null);
        }
        long label = images.label(index);
        String group =
                classes.isEmpty() ? Long.toString(label) : classes.get(Math.toIntExact(label));
        String extension = file.substring(file.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        byte[] cls = Long.toString(label).getBytes(StandardCharsets.US_ASCII);
        return new Sample(
                String.format("%s/%09d", group, index), Map.of(extension, bytes, "cls", cls));
    }

    /** Not supported: the samples are written, not decoded. */
    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws IOException {
        throw new UnsupportedOperationException("image samples are written, not decoded");
    }

    @Override
    public String describe(long index) {
        return images.describe(index);
    }

    @Override
    public void close() {
        images.close();
    }

    @Override
    public SourceStats stats() {
        return images.stats();
    }
}
