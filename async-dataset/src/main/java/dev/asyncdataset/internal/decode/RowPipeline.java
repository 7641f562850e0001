package dev.asyncdataset.internal.decode;

/** An item pipeline that may write its output straight into a row of a batch buffer. */
public interface RowPipeline {

    /**
     * Returns the writer of this pipeline's rows.
     *
     * @return the writer, or {@code null} if rows cannot be written for the pipeline as it is now
     */
    RowWriter rowWriter();
}
