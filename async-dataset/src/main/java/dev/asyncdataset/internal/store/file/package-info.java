/**
 * The store of local files, {@code file:} and plain paths: {@code FileStore}, read with positioned
 * reads of a channel per read ({@code FileBody}).
 */
package dev.asyncdataset.internal.store.file;
