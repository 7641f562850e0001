/**
 * The HTTP(S) store: {@code HttpObjectStore} reads objects with the JDK's HTTP client, whole or by
 * checked byte ranges ({@code Ranges}), following redirects itself ({@code Redirects}) so that an
 * {@code Authorization} header never reaches another host. Registered for {@code http} and {@code
 * https} in the table of stores ({@code dev.asyncdataset.internal.store.StoreTable}); it is the
 * worked example of adding a store (see {@code dev.asyncdataset.store}). Not public API.
 */
package dev.asyncdataset.internal.http;
