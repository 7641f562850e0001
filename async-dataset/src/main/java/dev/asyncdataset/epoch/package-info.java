/**
 * What an epoch of a {@link dev.asyncdataset.ConcurrentDataset} reports and where it stands: its
 * statistics ({@link dev.asyncdataset.epoch.LoaderStats}), the state a run resumes from ({@link
 * dev.asyncdataset.epoch.IterationState}) and the failure the trainer gets when the next batch
 * cannot be delivered ({@link dev.asyncdataset.epoch.DataLoadingException}).
 */
package dev.asyncdataset.epoch;
