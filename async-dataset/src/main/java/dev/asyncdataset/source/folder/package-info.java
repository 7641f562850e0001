/**
 * Loose objects in any store: labeled images in class folders or under a manifest, and samples of
 * any kind as loose files ({@link dev.asyncdataset.source.folder.FolderSource}).
 */
package dev.asyncdataset.source.folder;
