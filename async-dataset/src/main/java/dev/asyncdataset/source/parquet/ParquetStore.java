package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.io.OptionalDependency;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.store.NamedFiles;
import dev.asyncdataset.internal.store.StoreAccess;
import java.io.IOException;

/** Opens the store the Parquet files are in, once their reader is known to be there. */
final class ParquetStore {

    /** The names of the Parquet files of a folder. */
    static final String FOLDER_GLOB = "*.parquet";

    /**
     * The reader of Parquet files, required before the store opens: a builder's first reference to
     * one of its classes would otherwise fail without saying which dependency to add.
     */
    static final OptionalDependency HARDWOOD =
            new OptionalDependency(
                    "Parquet locations",
                    "dev.hardwood:hardwood-core",
                    "dev.hardwood.reader.ParquetFileReader");

    private ParquetStore() {}

    /**
     * Opens the files {@code where} names; the store is closed if that fails.
     *
     * @throws IllegalArgumentException if no store reads the location, or it names no file
     * @throws IOException if the store fails, or cannot list a prefix
     * @throws IllegalStateException if Hardwood is not on the class path
     */
    static ShardStore open(NamedFiles where, StoreAccess access) throws IOException {
        HARDWOOD.require();
        return where.open(access);
    }
}
