/**
 * Text for language models: documents tokenized a batch at a time on the loader's collate stage
 * ({@code TokenBatchifier}, with DJL's Hugging Face tokenizer behind {@code TextTokenizer}) and
 * packed into fixed-length windows on the trainer's side ({@code TokenWindows}, {@code
 * PackedBatches}), with the point a packed epoch resumes from; or, for classification, tokenized
 * into padded rows with their attention mask ({@code PaddedBatchifier}, {@code PaddedBatches}).
 */
package dev.asyncdataset.internal.text;
