/**
 * Samples of any kind, not only an image and a class: a {@link dev.asyncdataset.sample.Sample} is a
 * key and its named parts (the files or tar members sharing the key, by WebDataset's rule: a
 * member's key is its path up to the first dot of its base name, its part name the rest,
 * lower-cased); a {@link dev.asyncdataset.sample.SampleDecoder} the user writes turns it into a DJL
 * {@code Record}, with the part decoders of {@link dev.asyncdataset.sample.Parts} (image, integer,
 * text, JSON, NumPy, raw bytes). {@code dev.asyncdataset.source.folder.FolderSource}'s {@code
 * buildSamples} reads such samples from a folder or a prefix of any store that lists. Samples whose
 * arrays differ in shape batch with DJL's {@code PaddingStackBatchifier} as the data or label
 * batchifier.
 */
package dev.asyncdataset.sample;
