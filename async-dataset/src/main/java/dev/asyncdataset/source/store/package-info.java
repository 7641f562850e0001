/**
 * Loose objects (one object per image) in any store of the table of stores, read through the
 * store-neutral {@code ObjectStore}: {@link dev.asyncdataset.source.store.StoreImageSource}.
 */
package dev.asyncdataset.source.store;
