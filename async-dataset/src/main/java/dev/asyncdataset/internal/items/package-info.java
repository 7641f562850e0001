/**
 * The item lists the folder and S3 sources share: labeled keys with their image decoding ({@code
 * LabeledKeys}), loose files grouped into samples by key ({@code LooseSamples}), and the checked
 * use of a user's sample decoder ({@code SampleRecords}). Imports nothing of {@code source}.
 */
package dev.asyncdataset.internal.items;
