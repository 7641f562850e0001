package dev.asyncdataset.examples.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GetRateLimitTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);

    @Test
    void admitsTheBurstAtOnceThenOneRequestPerIntervalAsTimePasses() {
        GetRateLimit limit = new GetRateLimit(100, 5, now::get);

        assertEquals(5, admitted(limit, 50), "a full bucket holds the burst");
        now.addAndGet(9_000_000);
        assertEquals(0, admitted(limit, 10), "no token before 10 ms have passed");
        now.addAndGet(1_000_000);
        assertEquals(1, admitted(limit, 10), "one token per 10 ms");
        now.addAndGet(1_000_000_000);
        assertEquals(5, admitted(limit, 50), "a long quiet spell saves up the burst only");
    }

    @Test
    void holdsTheSustainedRateOverManySeconds() {
        GetRateLimit limit = new GetRateLimit(200, 20, now::get);
        int admitted = 0;
        for (int ms = 0; ms <= 10_000; ms++) {
            admitted += admitted(limit, 5);
            now.addAndGet(1_000_000);
        }
        assertEquals(200 * 10 + 20, admitted, "10 s at 200/s plus the burst saved up at the start");
    }

    @Test
    void refusesARateOrBurstBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> new GetRateLimit(0, 1, now::get));
        assertThrows(IllegalArgumentException.class, () -> new GetRateLimit(1, 0, now::get));
    }

    private static int admitted(GetRateLimit limit, int tries) {
        int admitted = 0;
        for (int i = 0; i < tries; i++) {
            admitted += limit.tryTake() ? 1 : 0;
        }
        return admitted;
    }
}
