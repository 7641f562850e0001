/** What the loader reads of a wrapped DJL dataset that DJL does not expose; not public API. */
package dev.asyncdataset.internal.djl;
