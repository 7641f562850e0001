package dev.asyncdataset;

import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.EpochIterator;
import dev.asyncdataset.internal.LoadFailure;
import java.util.Iterator;

/**
 * The iterable {@code getData} returns: one epoch of the loader, whose failures reach the trainer
 * as {@link DataLoadingException}s. Closing it stops the epoch's loader (see {@link
 * ConcurrentDataset#getData}).
 */
final class EpochBatches implements Iterable<Batch>, Iterator<Batch>, AutoCloseable {

    private final EpochIterator epoch;

    EpochBatches(EpochIterator epoch) {
        this.epoch = epoch;
    }

    @Override
    public Iterator<Batch> iterator() {
        epoch.start();
        return this;
    }

    @Override
    public boolean hasNext() {
        try {
            return epoch.hasNext();
        } catch (LoadFailure e) {
            throw failed(e);
        }
    }

    @Override
    public Batch next() {
        try {
            return epoch.next();
        } catch (LoadFailure e) {
            throw failed(e);
        }
    }

    @Override
    public void close() {
        epoch.close();
    }

    private static DataLoadingException failed(LoadFailure e) {
        return new DataLoadingException(
                e.batch(), e.index(), e.key(), e.getMessage(), e.getCause());
    }
}
