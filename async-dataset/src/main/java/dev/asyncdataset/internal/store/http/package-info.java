/**
 * The HTTP(S) store: {@link dev.asyncdataset.internal.store.http.HttpObjectStore} reads objects
 * with the JDK's HTTP client, whole or by checked byte ranges ({@code Ranges}), following redirects
 * itself ({@code Redirects}) so that an {@code Authorization} header never reaches another host.
 * Registered for {@code http} and {@code https} in the table of stores ({@code
 * dev.asyncdataset.internal.store.StoreTable}); it is the worked example of adding a store (see
 * {@code dev.asyncdataset.store}). A store whose locations are read at HTTP(S) URLs of another form
 * reads through it with its own {@link dev.asyncdataset.internal.store.http.HttpLocations}, as the
 * Hugging Face Hub's store ({@code dev.asyncdataset.internal.store.hf}) does.
 */
package dev.asyncdataset.internal.store.http;
