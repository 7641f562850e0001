/**
 * Loose objects (one object per image, or per part of a sample) under one location of any store of
 * the table, as the folder layout reads them: opened and read whole ({@code StoreObjects}), listed
 * as labeled images ({@code StoreItems}) or as samples ({@code StoreSamples}). Imports nothing of
 * {@code source}.
 */
package dev.asyncdataset.internal.loose;
