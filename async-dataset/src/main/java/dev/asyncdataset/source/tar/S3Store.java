package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.source.s3.S3Source;
import dev.asyncdataset.source.s3.S3SourceBuilder;
import java.io.IOException;

/**
 * S3 and S3-compatible stores (Google Cloud Storage's XML API, MinIO, S3Proxy), {@code
 * s3://bucket/prefix}, read and written with {@link S3Options}.
 */
final class S3Store implements Store {

    static final S3Store INSTANCE = new S3Store();

    private S3Store() {}

    @Override
    public String checkInput(String location, String what) {
        BucketPrefix.parse(location);
        return location;
    }

    @Override
    public void checkOutput(String location) {
        BucketPrefix.parse(location);
    }

    @Override
    public ShardInput images(String location, S3Options options) throws IOException {
        S3Source bucket = ShardInput.listed(S3Source.builder(options).setUrl(location).build());
        return ShardInput.labeled(bucket, bucket.getClasses());
    }

    @Override
    public ShardInput samples(String location, S3Options options) throws IOException {
        S3SourceBuilder at = S3Source.builder(options).setUrl(location);
        return new ShardInput(ShardInput.listed(at.buildSamples(ShardInput.NOT_DECODED)), null);
    }
}
