package dev.asyncdataset.examples.s3;

import ai.djl.modality.cv.Image;
import ai.djl.modality.cv.ImageFactory;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The DJL-loader baseline for S3: what a DJL user writes today to train from a bucket. An
 * ImageFolder layout ({@code prefix/class/file.jpg}, classes sorted, label = class position) is
 * listed once; {@link #get} does one blocking GET and decodes it with DJL's {@link ImageFactory}
 * into an HWC uint8 RGB image, on whatever thread DJL's {@code DataIterable} calls it.
 */
public final class S3ImageDataset extends RandomAccessDataset implements AutoCloseable {

    private static final Set<String> EXTENSIONS = Set.of("jpg", "jpeg", "png", "bmp", "gif");

    private final S3Client client;
    private final S3Url url;
    private final List<String> classes = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<Long> labels = new ArrayList<>();

    private S3ImageDataset(Builder builder) {
        super(builder);
        this.client = builder.connection.syncClient();
        this.url = S3Url.parse(builder.url);
        list();
    }

    /**
     * Returns a builder; {@link Builder#setLocation} and {@code setSampling} are required.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the class names; an item's label is its class's position here.
     *
     * @return the sorted class names
     */
    public List<String> getClasses() {
        return List.copyOf(classes);
    }

    /** GETs item {@code index} (blocking) and decodes it. */
    @Override
    public Record get(NDManager manager, long index) throws IOException {
        String key = keys.get(Math.toIntExact(index));
        byte[] bytes =
                client.getObjectAsBytes(b -> b.bucket(url.bucket()).key(key)).asByteArrayUnsafe();
        Image image = ImageFactory.getInstance().fromInputStream(new ByteArrayInputStream(bytes));
        NDList data = new NDList(image.toNDArray(manager, Image.Flag.COLOR));
        return new Record(data, new NDList(manager.create(labels.get(Math.toIntExact(index)))));
    }

    /** Does nothing: the items are listed when the dataset is built. */
    @Override
    public void prepare(Progress progress) {}

    /** Closes the S3 client. */
    @Override
    public void close() {
        client.close();
    }

    @Override
    protected long availableSize() {
        return keys.size();
    }

    private void list() {
        for (S3Object object :
                client.listObjectsV2Paginator(b -> b.bucket(url.bucket()).prefix(url.prefix()))
                        .contents()) {
            String[] parts = object.key().substring(url.prefix().length()).split("/");
            if (parts.length == 2 && isImage(parts[1])) {
                if (classes.isEmpty() || !classes.getLast().equals(parts[0])) {
                    classes.add(parts[0]);
                }
                keys.add(object.key());
                labels.add(classes.size() - 1L);
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException(
                    "no class/image objects under s3://" + url.bucket() + "/" + url.prefix());
        }
    }

    private static boolean isImage(String name) {
        int dot = name.lastIndexOf('.');
        return !name.startsWith(".")
                && dot > 0
                && EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /** Builds an {@link S3ImageDataset}. */
    public static final class Builder extends BaseBuilder<Builder> {

        private S3Connection connection;
        private String url;

        /**
         * Sets where the images are.
         *
         * @param connection how to reach the store
         * @param url the {@code s3://bucket/prefix} of the ImageFolder layout
         * @return this builder
         */
        public Builder setLocation(S3Connection connection, String url) {
            this.connection = connection;
            this.url = url;
            return this;
        }

        /**
         * Lists the items and builds the dataset.
         *
         * @return the dataset
         */
        public S3ImageDataset build() {
            return new S3ImageDataset(this);
        }

        @Override
        protected Builder self() {
            return this;
        }
    }
}
