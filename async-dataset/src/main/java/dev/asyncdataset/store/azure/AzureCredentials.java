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

    /** What the secret is. */
    public enum Kind {
        /** A connection string, which names the account and its endpoint. */
        CONNECTION_STRING,
        /** An account's shared key. */
        SHARED_KEY,
        /** A SAS token of an account. */
        SAS_TOKEN
    }

    private final Kind kind;
    private final String account;
    private final String secret;

    private AzureCredentials(Kind kind, String account, String secret) {
        this.kind = kind;
        this.account = account;
        this.secret = secret;
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
                Kind.CONNECTION_STRING, null, required(connectionString, "connectionString"));
    }

    /**
     * The shared key of {@code account}, at {@code https://<account>.blob.core.windows.net}.
     *
     * @param account the storage account's name
     * @param key its key
     * @return the credentials
     */
    public static AzureCredentials sharedKey(String account, String key) {
        return new AzureCredentials(
                Kind.SHARED_KEY, required(account, "account"), required(key, "key"));
    }

    /**
     * A SAS token of {@code account}, at {@code https://<account>.blob.core.windows.net}.
     *
     * @param account the storage account's name
     * @param token the token (with or without its leading {@code ?})
     * @return the credentials
     */
    public static AzureCredentials sasToken(String account, String token) {
        return new AzureCredentials(
                Kind.SAS_TOKEN, required(account, "account"), required(token, "token"));
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
     * Returns what the secret is.
     *
     * @return the kind of the credentials
     */
    public Kind kind() {
        return kind;
    }

    /**
     * Returns the account.
     *
     * @return the account, or {@code null} for a connection string (which names it)
     */
    public String account() {
        return account;
    }

    /**
     * Returns the secret, which the store sends to Azure and nothing else shows.
     *
     * @return the connection string, key or SAS token
     */
    public String secret() {
        return secret;
    }

    /** What the credentials are, without the secret. */
    @Override
    public String toString() {
        return switch (kind) {
            case CONNECTION_STRING -> "AzureCredentials[connection string]";
            case SHARED_KEY -> "AzureCredentials[shared key of " + account + "]";
            case SAS_TOKEN -> "AzureCredentials[SAS token of " + account + "]";
        };
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
