/**
 * Azure Blob Storage as a store: {@code az://<container>/<prefix>} locations, read through the
 * storage seam ({@link dev.asyncdataset.store.ObjectStore}) on the Azure SDK ({@code
 * com.azure:azure-storage-blob} and its JDK HTTP client adapter {@code
 * com.azure:azure-core-http-jdk-httpclient}, optional dependencies the user adds), whose requests
 * go out on a JDK client of the store's own ({@link JdkTransport}). The account and its endpoint
 * come from the credentials ({@link dev.asyncdataset.store.azure.AzureCredentials}): a connection
 * string, a shared key or a SAS token, from the environment for the built-in {@code az} scheme, or
 * given to the store options ({@code StoreOptionsBuilder.optAzure}).
 *
 * <p>A read resumed after a failure midway continues only a body with the same ETag: the resumed
 * GET carries {@code If-Match}, and the blob's replacement answers {@link
 * dev.asyncdataset.internal.io.ObjectChanged}.
 */
package dev.asyncdataset.internal.store.azure;
