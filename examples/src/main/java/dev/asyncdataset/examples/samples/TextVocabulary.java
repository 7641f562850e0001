package dev.asyncdataset.examples.samples;

import ai.djl.modality.nlp.DefaultVocabulary;
import ai.djl.modality.nlp.Vocabulary;
import ai.djl.modality.nlp.preprocess.SimpleTokenizer;
import ai.djl.modality.nlp.preprocess.Tokenizer;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The vocabulary of a text set, built from its training text: DJL's {@link SimpleTokenizer} (words
 * between spaces) and a {@link DefaultVocabulary} of every word seen, with {@value #PAD} (the
 * padding of token id sequences) and {@code <unk>} (words not seen) reserved.
 */
public final class TextVocabulary {

    /** The token that pads the token ids of a batch to its longest sentence. */
    public static final String PAD = "<pad>";

    private static final Tokenizer TOKENIZER = new SimpleTokenizer();

    /** The text's UTF-8 bytes as data, its class as label: what the vocabulary is built from. */
    private static final SampleDecoder TEXT_BYTES =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.raw(manager, sample, "txt")),
                            new NDList(Parts.integer(manager, sample, "cls")));

    private TextVocabulary() {}

    /**
     * Reads every sample's {@code txt} part once, through the same loader as training (so from a
     * folder, tar shards or S3 alike), and builds the vocabulary of its words.
     *
     * @param samples where the samples are
     * @return the vocabulary
     * @throws IOException if the samples cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static Vocabulary build(SampleSources samples) throws IOException, TranslateException {
        DefaultVocabulary.Builder vocabulary =
                DefaultVocabulary.builder().optReservedTokens(List.of(PAD)).optUnknownToken();
        try (ItemSource<Sample> source = samples.open(TEXT_BYTES);
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset texts =
                    ConcurrentDataset.builder().setSource(source).setSampling(1, false).build();
            for (Batch batch : texts.getData(manager)) {
                byte[] text = batch.getData().head().toByteArray();
                vocabulary.add(TOKENIZER.tokenize(new String(text, StandardCharsets.UTF_8)));
                batch.close();
            }
        }
        return vocabulary.build();
    }

    /**
     * Returns the token ids of a text's words.
     *
     * @param vocabulary the vocabulary
     * @param text the text
     * @return the ids, one per word; unknown words get {@code <unk>}'s
     */
    public static long[] ids(Vocabulary vocabulary, String text) {
        return TOKENIZER.tokenize(text).stream().mapToLong(vocabulary::getIndex).toArray();
    }
}
