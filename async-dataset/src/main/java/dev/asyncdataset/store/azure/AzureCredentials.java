package dev.asyncdataset.store.azure;

import java.util.Map;
import java.util.Objects;

/**
 * How the {@code az://} store reaches its account: a connection string (which names the endpoint,
 * as Azurite's does), an account's shared key, or a SAS token. The secret never appears in {@link
 * #toString} or in a message.
 */
public final class AzureCredentials {

    /** The environment variables read by {@link #fromEnvironment}, as the Azure CLI names them. */
    static final String CONNECTION_STRING = "AZURE_STORAGE_CONNECTION_STRING";

    static final String ACCOUNT = "AZURE_STORAGE_ACCOUNT";
    static final String KEY = "AZURE_STORAGE_KEY";
    static final String SAS_TOKEN = "AZURE_STORAGE_SAS_TOKEN";

    private final String description;
    private final String connectionString;

    private AzureCredentials(String description, String connectionString) {
        this.description = description;
        this.connectionString = connectionString;
    }

    /**
     * A connection string, as the portal or Azurite gives it ({@code
     * AccountName=...;AccountKey=...} or {@code BlobEndpoint=...;SharedAccessSignature=...}).
     *
     * @param connectionString the connection string
     * @return the credentials
     */
    public static AzureCredentials connectionString(String connectionString) {
        return new AzureCredentials(
                "connection string", required(connectionString, "connectionString"));
    }

    /**
     * The shared key of {@code account}, at {@code https://<account>.blob.core.windows.net}.
     *
     * @param account the storage account's name
     * @param key its key
     * @return the credentials
     */
    public static AzureCredentials sharedKey(String account, String key) {
        required(key, "key");
        return new AzureCredentials(
                "shared key of " + required(account, "account"),
                "DefaultEndpointsProtocol=https;AccountName="
                        + account
                        + ";AccountKey="
                        + key
                        + ";EndpointSuffix=core.windows.net");
    }

    /**
     * A SAS token of {@code account}, at {@code https://<account>.blob.core.windows.net}.
     *
     * @param account the storage account's name
     * @param token the token (with or without its leading {@code ?})
     * @return the credentials
     */
    public static AzureCredentials sasToken(String account, String token) {
        String sas = required(token, "token").startsWith("?") ? token.substring(1) : token;
        return new AzureCredentials(
                "SAS token of " + required(account, "account"),
                "BlobEndpoint=https://"
                        + account
                        + ".blob.core.windows.net;SharedAccessSignature="
                        + sas);
    }

    /**
     * The credentials in the environment: {@code AZURE_STORAGE_CONNECTION_STRING}, else {@code
     * AZURE_STORAGE_ACCOUNT} with {@code AZURE_STORAGE_KEY} or {@code AZURE_STORAGE_SAS_TOKEN}.
     *
     * @return the credentials
     * @throws IllegalStateException if none is set
     */
    public static AzureCredentials fromEnvironment() {
        return from(System.getenv());
    }

    static AzureCredentials from(Map<String, String> env) {
        if (isSet(env.get(CONNECTION_STRING))) {
            return connectionString(env.get(CONNECTION_STRING));
        }
        String account = env.get(ACCOUNT);
        if (isSet(account) && isSet(env.get(KEY))) {
            return sharedKey(account, env.get(KEY));
        }
        if (isSet(account) && isSet(env.get(SAS_TOKEN))) {
            return sasToken(account, env.get(SAS_TOKEN));
        }
        throw new IllegalStateException(
                "no Azure credentials: set "
                        + CONNECTION_STRING
                        + ", or "
                        + ACCOUNT
                        + " with "
                        + KEY
                        + " or "
                        + SAS_TOKEN
                        + ", or give AzureCredentials to StoreOptionsBuilder.optAzure");
    }

    /**
     * Returns the connection string the store gives the Azure SDK: the one given, or one made of
     * the account and its key or SAS token; nothing else shows it.
     *
     * @return the connection string
     */
    public String asConnectionString() {
        return connectionString;
    }

    /** What the credentials are, without the secret. */
    @Override
    public String toString() {
        return "AzureCredentials[" + description + "]";
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }

    private static String required(String value, String name) {
        if (!isSet(Objects.requireNonNull(value, name))) {
            throw new IllegalArgumentException(name + " is blank");
        }
        return value;
    }
}
