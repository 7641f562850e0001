/**
 * The settings of Azure Blob Storage ({@code az://<container>/<prefix>} locations): the account's
 * credentials ({@link dev.asyncdataset.store.azure.AzureCredentials}), a connection string, a
 * shared key or a SAS token, given to {@code StoreOptionsBuilder.optAzure}, else taken from the
 * environment.
 *
 * <pre>{@code
 * StoreOptions azure = StoreOptions.builder()
 *         .optAzure(AzureCredentials.sasToken("myaccount", token))
 *         .build();
 * }</pre>
 */
package dev.asyncdataset.store.azure;
