/**
 * The table from a location's scheme to the kind of store it is in ({@code StoreTable}), and how
 * each kind opens the {@link dev.asyncdataset.store.ObjectStore} of a source with the retries of
 * its requests ({@code StoreKind}, {@code OpenedStore}): local files, S3, HTTP(S), Azure and the
 * schemes users register. The tar shard sources, the shard writer and the sources of whole files
 * ({@code NamedFiles}: Parquet, JSON Lines) look stores up here; {@link
 * dev.asyncdataset.store.Stores} is its public face. Not public API.
 */
package dev.asyncdataset.internal.store;
