/**
 * Items in a local folder: labeled images in class folders ({@link
 * dev.asyncdataset.source.folder.ImageFolderSource}) and samples of any kind as loose files ({@link
 * dev.asyncdataset.source.folder.SampleFolderSource}). Neither reads outside its root.
 */
package dev.asyncdataset.source.folder;
