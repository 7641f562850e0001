/**
 * The Hugging Face Hub's datasets as a store: {@code
 * hf://datasets/<org>/<name>[@<revision>]/<path>} locations ({@link
 * dev.asyncdataset.internal.store.hf.HubStore}), on the HTTP store ({@code
 * dev.asyncdataset.internal.store.http}). A folder is listed through the Hub's tree API ({@code
 * /api/datasets/<org>/<name>/tree/<revision>/ <path>}, page by page); a file is read at {@code
 * /datasets/<org>/<name>/resolve/<revision>/ <path>}, which redirects to the Hub's CDN, where byte
 * ranges are read. The revision is {@code main} unless given: a branch, a tag, a commit (a pinned
 * commit lists and reads the same files whatever the branches do later), or the automatic Parquet
 * conversion {@code refs/convert/parquet}.
 *
 * <p>The token ({@code HF_TOKEN}, or {@link
 * dev.asyncdataset.internal.store.hf.HubStoreBuilder#optToken}) goes as {@code Authorization:
 * Bearer <token>} to the Hub's host only: the redirect to the CDN is followed without it. The Hub's
 * address is {@code https://huggingface.co}, or {@code HF_ENDPOINT}, or set on the builder, which
 * also serves a store registered under a scheme of one's own:
 *
 * <pre>{@code
 * Stores.register("mirror", settings -> HubStore.builder()
 *         .setSettings(settings)
 *         .optEndpoint("https://hf-mirror.example.com")
 *         .optToken(token)
 *         .build());
 * }</pre>
 */
package dev.asyncdataset.internal.store.hf;
