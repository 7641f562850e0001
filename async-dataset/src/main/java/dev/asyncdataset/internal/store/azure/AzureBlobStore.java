package dev.asyncdataset.internal.store.azure;

import com.azure.core.http.rest.PagedFlux;
import com.azure.core.http.rest.PagedResponse;
import com.azure.storage.blob.BlobAsyncClient;
import com.azure.storage.blob.BlobContainerAsyncClient;
import com.azure.storage.blob.BlobServiceAsyncClient;
import com.azure.storage.blob.models.BlobDownloadAsyncResponse;
import com.azure.storage.blob.models.BlobDownloadHeaders;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.DownloadRetryOptions;
import com.azure.storage.blob.models.ListBlobsOptions;
import dev.asyncdataset.internal.io.ConditionalReads;
import dev.asyncdataset.internal.io.ObjectChanged;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.WritableStore;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * Blobs of one Azure Blob Storage account (or Azurite), named {@code az://<container>/<name>}, on
 * the Azure SDK: a listing is paged and keeps the blobs directly under the prefix, in name order;
 * {@code stat} gives a blob's size and ETag; a read is one GET, of a byte range or of the whole
 * blob, whose body arrives as it is read. Every call waits at most {@link #callBound} for its
 * answer. A blob is written as staged blocks of {@link #BLOCK_BYTES} that a commit of the block
 * list makes the blob at once ({@link BlockUpload}): an unfinished write is never visible. Every
 * request is tried once: the library retries reads and writes alike, within the source's retry
 * budget. {@link #close} ends the bodies still being read and the store's HTTP client.
 */
public final class AzureBlobStore implements WritableStore, ConditionalReads {

    /** The most blobs the service lists per page. */
    public static final int MAX_PAGE_SIZE = 5000;

    /** The size of the blocks a blob is written in (the last one shorter): 8 MiB. */
    public static final int BLOCK_BYTES = 8 << 20;

    /**
     * Reactor's key of the handler of errors that arrive after a body was cancelled: a body closed
     * midway (by the read-idle timeout, or by {@link #close}) fails its connection as expected,
     * which Reactor would otherwise log as an error.
     */
    private static final Context QUIET_AFTER_CANCEL =
            Context.of("reactor.onErrorDropped.local", (Consumer<Throwable>) dropped -> {});

    private final BlobServiceAsyncClient client;
    private final HttpClient http;
    private final Calls calls;
    private final int pageSize;
    private final Set<FluxBody> inFlight = ConcurrentHashMap.newKeySet();

    AzureBlobStore(StoreSettings settings, AzureCredentials credentials, int pageSize) {
        this.http = AzureClients.http(settings);
        this.client = AzureClients.client(credentials, settings, http);
        this.calls = new Calls(callBound(settings));
        this.pageSize = pageSize;
    }

    /**
     * A builder of a store.
     *
     * @return the builder
     */
    public static AzureBlobStoreBuilder builder() {
        return new AzureBlobStoreBuilder();
    }

    /**
     * How long a call may wait for its answer (a page of a listing, a blob's properties, the
     * headers of a read): twice the connect and first-byte timeouts together.
     */
    static Duration callBound(StoreSettings settings) {
        return settings.connectTimeout().plus(settings.firstByteTimeout()).multipliedBy(2);
    }

    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        return list(prefix, (container, options) -> container.listBlobsByHierarchy("/", options));
    }

    /** Every blob whose name starts with the prefix's, in name order. */
    @Override
    public List<StoredObject> listAll(String prefix) throws IOException {
        return list(prefix, BlobContainerAsyncClient::listBlobs);
    }

    /** The blobs of {@code listing}'s pages, leaving out the virtual folders of a hierarchy. */
    private List<StoredObject> list(
            String prefix,
            BiFunction<BlobContainerAsyncClient, ListBlobsOptions, PagedFlux<BlobItem>> listing)
            throws IOException {
        AzureLocation location = AzureLocation.of(prefix);
        location.checkAccount(client.getAccountName());
        BlobContainerAsyncClient container =
                client.getBlobContainerAsyncClient(location.container());
        ListBlobsOptions options =
                new ListBlobsOptions().setPrefix(location.name()).setMaxResultsPerPage(pageSize);
        List<StoredObject> objects = new ArrayList<>();
        String token = null;
        do {
            String after = token;
            PagedResponse<BlobItem> page =
                    calls.await(prefix, () -> page(listing.apply(container, options), after));
            for (BlobItem item : page.getValue()) {
                if (!Boolean.TRUE.equals(item.isPrefix())) {
                    objects.add(
                            new StoredObject(
                                    location.url(item.getName()),
                                    item.getProperties().getContentLength(),
                                    item.getProperties().getETag()));
                }
            }
            token = page.getContinuationToken();
        } while (token != null && !token.isEmpty());
        return objects;
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        AzureLocation location = AzureLocation.of(url);
        location.checkAccount(client.getAccountName());
        try {
            BlobProperties properties = calls.await(url, () -> blob(location).getProperties());
            return new StoredObject(url, properties.getBlobSize(), properties.getETag());
        } catch (IOException e) {
            if (AzureErrors.status(e.getCause()) == 404) {
                return null;
            }
            throw e;
        }
    }

    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        return openIfMatch(url, offset, length, null);
    }

    /**
     * One GET, with {@code If-Match} when {@code identity} is given: a 412 is {@link
     * ObjectChanged}.
     */
    @Override
    public StoredBody openIfMatch(String url, long offset, long length, String identity)
            throws IOException {
        AzureLocation location = AzureLocation.of(url);
        location.checkAccount(client.getAccountName());
        BlobRange range = offset == 0 && length < 0 ? null : new BlobRange(offset, length);
        DownloadRetryOptions once = new DownloadRetryOptions().setMaxRetryRequests(0);
        BlobRequestConditions conditions = new BlobRequestConditions().setIfMatch(identity);
        BlobDownloadAsyncResponse response;
        try {
            response =
                    calls.await(
                            url,
                            () ->
                                    blob(location)
                                            .downloadStreamWithResponse(
                                                    range, once, conditions, false));
        } catch (RequestRejected e) {
            if (AzureErrors.status(e.getCause()) == 412) {
                throw new ObjectChanged(e.getMessage());
            }
            throw e;
        }
        FluxBody body = new FluxBody(url, inFlight::remove);
        inFlight.add(body);
        response.getValue().contextWrite(QUIET_AFTER_CANCEL).subscribe(body);
        BlobDownloadHeaders headers = response.getDeserializedHeaders();
        long announced = headers.getContentLength() == null ? -1 : headers.getContentLength();
        return new StoredBody(body, headers.getETag(), null, announced);
    }

    @Override
    public ObjectOutput create(String url) throws IOException {
        AzureLocation location = AzureLocation.of(url);
        location.checkAccount(client.getAccountName());
        return new BlockUpload(blob(location).getBlockBlobAsyncClient(), calls, url, BLOCK_BYTES);
    }

    /** Deletes the blob and its snapshots; a missing blob is no error. */
    @Override
    public void delete(String url) throws IOException {
        AzureLocation location = AzureLocation.of(url);
        location.checkAccount(client.getAccountName());
        try {
            calls.await(
                    url,
                    () ->
                            blob(location)
                                    .deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, null));
        } catch (IOException e) {
            if (AzureErrors.status(e.getCause()) != 404) {
                throw e;
            }
        }
    }

    /** The first page of {@code listing}, or the one after {@code token}. */
    private static Mono<PagedResponse<BlobItem>> page(PagedFlux<BlobItem> listing, String token) {
        return (token == null ? listing.byPage() : listing.byPage(token)).next();
    }

    private BlobAsyncClient blob(AzureLocation location) {
        return client.getBlobContainerAsyncClient(location.container())
                .getBlobAsyncClient(location.name());
    }

    /** Ends the bodies still being read, then the HTTP client, waiting at most 5 seconds. */
    @Override
    public void close() {
        List.copyOf(inFlight).forEach(FluxBody::close);
        http.shutdownNow();
        try {
            http.awaitTermination(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
