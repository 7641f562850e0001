/**
 * Several sources read as one; not public API. {@code MixedSource} numbers the items of all its
 * sources once, for {@code get}, splits and batch indices; {@code MixCounts} gives each source its
 * items per epoch from its share ({@code MixShare}, what a {@code SourceShare} holds); {@code
 * Mixing} is the mix's {@code order.GlobalOrder}: which source each position draws from ({@code
 * MixInterleave}), each source in its own order; {@code MixedEpoch} is one rank's epoch of it,
 * which fetches each item from its source or from the streamed view of one pass of it, and tells
 * the loader where each item comes from ({@code pipeline.ItemOrigins}), counted per source by
 * {@code SourceTally}. It does not care which store a source reads.
 */
package dev.asyncdataset.internal.mix;
