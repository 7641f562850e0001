package dev.asyncdataset.store;

/**
 * One object of a store, as listed or asked for.
 *
 * @param url the object's full location
 * @param length its size in bytes
 * @param identity what tells one version of it from another (an ETag), or null if the store gives
 *     none: a read resumed after a failure continues only a body of the same identity
 */
public record StoredObject(String url, long length, String identity) {}
