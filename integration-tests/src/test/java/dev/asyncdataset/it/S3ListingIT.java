package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.util.Progress;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.TestImages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Listing an S3 prefix: {@code build()} and {@code buildSamples} do no I/O, {@code prepare} lists
 * once with DJL's progress, and a failed LIST page is retried on its own.
 */
class S3ListingIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://data/train";
    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(3, 4, 16, 16);

    @BeforeAll
    static void upload() {
        S3.upload("data", "train/", IMAGES);
    }

    @Test
    void buildDoesNoIoAndPrepareListsWithProgress() throws Exception {
        S3.faults().failLists(0);
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).build()) {
            assertEquals(0, S3.faults().listCounts()[0], "build() listed");
            List<String> reported = new ArrayList<>();
            s3.prepare(new RecordingProgress(reported));
            assertEquals(1, S3.faults().listCounts()[0]);
            assertEquals(IMAGES.size(), s3.size());
            assertEquals("end", reported.get(reported.size() - 1), reported.toString());
            s3.prepare(null);
            assertEquals(1, S3.faults().listCounts()[0], "listed twice");
        }
        try (LabeledImageSource missing = S3.sourceBuilder("s3://no-such-bucket/x").build()) {
            IOException e = assertThrows(IOException.class, () -> missing.prepare(null));
            assertTrue(e.getMessage().contains("s3://no-such-bucket/x"), e.getMessage());
        }
    }

    /**
     * 21,000 keys are 21 LIST pages of 1,000; with every 10th LIST request failing, each failed
     * page is retried on its own. Retrying the whole listing, as before, needs 21 pages in a row
     * without a failure, which never happens here.
     */
    @Test
    void aListingOf21PagesWithFailingPagesHasTheKeysOfAFaultFreeOne() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 21_000; i++) {
            many.add(String.format("c%d/%05d.jpg", i / 7_000, i));
        }
        S3.faults().listedKeys("paged", many, 1_000);
        S3.faults().failLists(0);
        List<String> clean = keys("s3://paged");
        S3.faults().failLists(10);
        List<String> faulty = keys("s3://paged");
        long[] lists = S3.faults().listCounts();
        S3.faults().failLists(0);
        System.out.printf("listing: %d LIST requests, %d failed%n", lists[0], lists[1]);
        assertTrue(lists[1] > 0, "no LIST page failed");
        assertEquals(21 + lists[1], lists[0]);
        assertEquals(many, clean);
        assertEquals(clean, faulty);
    }

    /**
     * The samples' listing shares the images' one: listed once by {@code prepare} with DJL's
     * progress, each failed page retried on its own and counted in the source's retries.
     */
    @Test
    void samplesAreListedOnceWithProgressAndFailedPagesRetried() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 1_500; i++) {
            many.add(String.format("s/%05d.jpg", i));
            many.add(String.format("s/%05d.json", i));
        }
        S3.faults().listedKeys("paged-samples", many, 1_000);
        S3.faults().failLists(2);
        try (ItemSource<Sample> s3 =
                S3.sourceBuilder("s3://paged-samples").buildSamples((manager, sample) -> null)) {
            List<String> reported = new ArrayList<>();
            s3.prepare(new RecordingProgress(reported));
            s3.prepare(null);
            long[] lists = S3.faults().listCounts();
            S3.faults().failLists(0);
            assertTrue(lists[1] > 0, "no LIST page failed");
            assertEquals(3 + lists[1], lists[0]);
            assertEquals(lists[1], s3.stats().retries(), "every failed LIST page retried, counted");
            assertEquals(1_500, s3.size());
            assertEquals("s/01499", ItemKeys.key(s3, 1_499, "s3://paged-samples/"));
            assertEquals(
                    List.of("update 3000 keys", "end"),
                    reported.subList(reported.size() - 2, reported.size()));
        }
    }

    private static List<String> keys(String url) throws Exception {
        try (LabeledImageSource s3 = S3.sourceBuilder(url).build()) {
            s3.prepare(null);
            List<String> keys = new ArrayList<>();
            for (long i = 0; i < s3.size(); i++) {
                keys.add(ItemKeys.key(s3, i, url + "/"));
            }
            return keys;
        }
    }

    /** Records what a listing reports to DJL's progress. */
    private record RecordingProgress(List<String> calls) implements Progress {
        @Override
        public void reset(String message, long max, String trailing) {
            calls.add("reset " + message);
        }

        @Override
        public void start(long initial) {
            calls.add("start");
        }

        @Override
        public void end() {
            calls.add("end");
        }

        @Override
        public void increment(long increment) {
            calls.add("increment " + increment);
        }

        @Override
        public void update(long progress, String message) {
            calls.add("update " + message);
        }
    }
}
