package dev.asyncdataset.internal.store.azure;

import com.azure.storage.blob.specialized.BlockBlobAsyncClient;
import dev.asyncdataset.internal.io.PartedOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;

/**
 * One blob written as staged blocks: each part is staged as a block of its own, under an ID of this
 * upload's and the part's number, and the commit of the block list makes them the blob at once.
 * Each step may run again after a failure ({@link PartedOutput}): a part staged again under its ID
 * replaces the block, and a commit sent again commits the same list, whose blocks the service finds
 * among the uncommitted or, after a commit whose answer was lost, the committed ones. Blocks staged
 * but never committed are not part of any blob (nothing is visible) and the service drops them, so
 * a close without a commit has nothing to undo.
 */
final class BlockUpload extends PartedOutput {

    private final BlockBlobAsyncClient blob;
    private final Calls calls;
    private final String url;
    private final String upload = UUID.randomUUID().toString();
    private final List<String> blocks = new ArrayList<>();

    BlockUpload(BlockBlobAsyncClient blob, Calls calls, String url, int partBytes) {
        super(partBytes);
        this.blob = blob;
        this.calls = calls;
        this.url = url;
    }

    @Override
    protected void upload(int number, byte[] bytes, int length) throws IOException {
        String id = blockId(number);
        calls.await(
                url + " (block " + number + ")",
                () ->
                        blob.stageBlockWithResponse(
                                id,
                                Flux.just(ByteBuffer.wrap(bytes, 0, length)),
                                length,
                                null,
                                null));
        blocks.add(id);
    }

    /** Commits the block list, replacing the blob. */
    @Override
    protected void complete(int parts) throws IOException {
        calls.await(url + " (block list)", () -> blob.commitBlockList(blocks, true));
    }

    /** Nothing to undo: uncommitted blocks are never visible, and the service drops them. */
    @Override
    protected void abort() {}

    /** The base64 ID of block {@code number}: all of one length, as the service asks. */
    private String blockId(int number) {
        String id = upload + String.format("-%06d", number);
        return Base64.getEncoder().encodeToString(id.getBytes(StandardCharsets.US_ASCII));
    }
}
