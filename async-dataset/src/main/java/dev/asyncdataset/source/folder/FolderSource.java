package dev.asyncdataset.source.folder;

/**
 * Loose objects, one file or object per image or part, under a location of any store: a folder or
 * {@code file:} URL, {@code s3://}, {@code az://}, {@code hf://}, {@code http(s)://} (with a
 * manifest: an HTTP server cannot be listed) or a scheme a store provider adds. Labeled images are
 * laid out as DJL's {@code ImageFolder} ({@code <location>/<class>/<image>}) or listed by a
 * manifest; samples of any kind are grouped by key, as WebDataset names them.
 *
 * <pre>{@code
 * LabeledImageSource images = FolderSource.builder()
 *         .setLocation("s3://bucket/train")
 *         .optCache(Path.of("/mnt/cache"), 50L << 30)
 *         .build();
 * }</pre>
 */
public final class FolderSource {

    private FolderSource() {}

    /**
     * Creates a builder; {@link FolderSourceBuilder#setLocation} is required.
     *
     * @return a new builder
     */
    public static FolderSourceBuilder builder() {
        return new FolderSourceBuilder();
    }
}
