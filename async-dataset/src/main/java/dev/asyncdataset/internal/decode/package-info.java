/**
 * What the loader needs from the public {@code decode} package beyond its API: each item's random
 * generator installed around its decode ({@link dev.asyncdataset.internal.decode.ItemSeeds}), and
 * the recycled-row path of {@code ImageRecipes}' pipelines ({@link
 * dev.asyncdataset.internal.decode.RowWriter}, {@link
 * dev.asyncdataset.internal.decode.RowNormalizer}), implemented there. Imports nothing of the
 * library, so that {@code decode} may implement it.
 */
package dev.asyncdataset.internal.decode;
