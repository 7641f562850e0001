package dev.asyncdataset.source.folder;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.items.LooseSamples;
import dev.asyncdataset.internal.items.SampleNames;
import dev.asyncdataset.internal.items.SampleRecords;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Samples of any kind from a local folder of loose files, as WebDataset reads them: the files
 * sharing a path up to the first dot of their base name form one sample ({@code train/000123.jpg},
 * {@code train/000123.json}: sample {@code train/000123} with parts {@code jpg} and {@code json};
 * see {@link SampleNames}), in the order of their keys. The files are read in {@link #fetch}; your
 * {@link SampleDecoder} turns each {@link Sample} into a DJL record in {@link #decode}.
 *
 * <p>Files in sub-folders at any depth are read; hidden files and folders (a name starting with a
 * dot) and files whose base name has no dot are not. The source never reads outside its root: a
 * file whose real path (after following symlinks) is not under the root's real path fails with
 * {@link BadItemException}, as does a part larger than the part size limit, and a sample with two
 * files for one part (names differing only in case).
 */
final class SampleFolderSource implements ItemSource<Sample> {

    /** The default part size limit of {@link #of(Path, SampleDecoder)}: 256 MiB. */
    public static final long DEFAULT_MAX_PART_BYTES = 256L << 20;

    private final RootedPaths root;
    private final LooseSamples samples;
    private final SampleDecoder decoder;
    private final long maxPartBytes;

    private SampleFolderSource(
            RootedPaths root, LooseSamples samples, SampleDecoder decoder, long maxPartBytes) {
        this.root = root;
        this.samples = samples;
        this.decoder = decoder;
        this.maxPartBytes = maxPartBytes;
    }

    /**
     * Lists the samples under {@code root}, with parts of at most {@link #DEFAULT_MAX_PART_BYTES}.
     *
     * @param root the folder
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the folder cannot be listed
     * @throws IllegalArgumentException if the folder holds no sample
     */
    public static SampleFolderSource of(Path root, SampleDecoder decoder) throws IOException {
        return of(root, decoder, DEFAULT_MAX_PART_BYTES);
    }

    /**
     * Lists the samples under {@code root}; a larger part makes its sample a bad item.
     *
     * @param root the folder
     * @param decoder turns each sample into a record
     * @param maxPartBytes the largest file read, from 1 to 2^31 - 9 bytes
     * @return the source
     * @throws IOException if the folder cannot be listed
     * @throws IllegalArgumentException if {@code maxPartBytes} is out of range or the folder holds
     *     no sample
     */
    public static SampleFolderSource of(Path root, SampleDecoder decoder, long maxPartBytes)
            throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        LooseSamples.checkMaxPartBytes(maxPartBytes);
        RootedPaths rooted = new RootedPaths(root);
        LooseSamples samples = LooseSamples.list(rooted.root()).requireSome(root.toString());
        return new SampleFolderSource(rooted, samples, decoder, maxPartBytes);
    }

    /**
     * Returns the key of sample {@code index}: its path relative to the root, up to the first dot
     * of the base name.
     *
     * @param index the item index
     * @return the key
     */
    public String key(long index) {
        return samples.key(Math.toIntExact(index));
    }

    @Override
    public long size() {
        return samples.size();
    }

    /** Reads the files of sample {@code index}. */
    @Override
    public Sample fetch(NDManager manager, long index) throws IOException {
        Map<String, byte[]> parts = new HashMap<>();
        for (Map.Entry<String, String> part :
                samples.parts(Math.toIntExact(index), describe(index)).entrySet()) {
            try {
                parts.put(part.getKey(), read(part.getValue()));
            } catch (OutOfMemoryError e) {
                throw new BadItemException(describe(index), "out of memory reading it", e);
            }
        }
        return new Sample(key(index), parts);
    }

    /** Applies the decoder to the sample. */
    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws Exception {
        return SampleRecords.decode(decoder, manager, fetched, describe(index));
    }

    /** Returns the absolute path of sample {@code index}'s key. */
    @Override
    public String describe(long index) {
        return root.display(key(index)).toString();
    }

    private byte[] read(String file) throws IOException {
        Path path = root.resolve(file);
        long size = Files.size(path);
        if (size > maxPartBytes) {
            throw new BadItemException(
                    root.display(file).toString(),
                    size + " bytes, more than the part limit of " + maxPartBytes,
                    null);
        }
        return Files.readAllBytes(path);
    }
}
