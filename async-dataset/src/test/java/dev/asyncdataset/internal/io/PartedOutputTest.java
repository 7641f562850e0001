package dev.asyncdataset.internal.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PartedOutputTest {

    private final Recorded output = new Recorded();

    @Test
    void cutsTheStreamIntoFullPartsAndAShorterLastOne() throws Exception {
        byte[] data = new byte[37];
        new Random(1).nextBytes(data);
        output.stream().write(data, 0, 3);
        output.stream().write(data[3]);
        output.stream().write(data, 4, 33);
        assertEquals(List.of(1, 2, 3), output.numbers, "full parts go out as soon as they fill");
        output.commit();
        assertEquals(List.of(1, 2, 3, 4), output.numbers);
        assertEquals(List.of(10, 10, 10, 7), output.lengths);
        assertEquals(4, output.completed);
        assertArrayEquals(data, output.joined.toByteArray());
    }

    @Test
    void aLengthOfWholePartsEndsWithAFullPart() throws Exception {
        byte[] data = new byte[20];
        Arrays.fill(data, (byte) 7);
        output.stream().write(data);
        output.commit();
        assertEquals(List.of(10, 10), output.lengths);
    }

    @Test
    void anEmptyObjectIsOneEmptyPart() throws Exception {
        output.commit();
        assertEquals(List.of(0), output.lengths);
    }

    @Test
    void aCloseWithoutACommitAbortsOnceAndAfterACommitDoesNothing() throws Exception {
        output.stream().write(new byte[15]);
        output.close();
        output.close();
        assertEquals(1, output.aborts);
        assertEquals(0, output.completed);
        assertThrows(IOException.class, () -> output.stream().write(1));
        Recorded committed = new Recorded();
        committed.commit();
        committed.close();
        assertEquals(0, committed.aborts);
    }

    @Test
    void aFailedCompletionLeavesTheCloseToAbort() throws Exception {
        output.failCompletion = true;
        assertThrows(IOException.class, output::commit);
        output.close();
        assertEquals(1, output.aborts);
    }

    @Test
    void eachUploadAndTheCompletionRunUnderTheRetriesWithTheSamePartAgain() throws Exception {
        List<String> steps = new ArrayList<>();
        output.setRetries(
                (what, request) -> {
                    steps.add(what);
                    request.send();
                    request.send();
                });
        byte[] data = new byte[15];
        new Random(2).nextBytes(data);
        output.stream().write(data);
        output.commit();
        assertEquals(List.of("part 1", "part 2", "completion"), steps);
        assertEquals(List.of(1, 1, 2, 2), output.numbers, "a part sent again keeps its number");
        assertEquals(List.of(10, 10, 5, 5), output.lengths);
        assertArrayEquals(
                Arrays.copyOfRange(data, 10, 15),
                Arrays.copyOfRange(output.joined.toByteArray(), 25, 30),
                "a part sent again has its bytes");
        assertEquals(2, output.completed);
    }

    /** Records the parts it is given, in parts of 10 bytes. */
    private static final class Recorded extends PartedOutput {

        final List<Integer> numbers = new ArrayList<>();
        final List<Integer> lengths = new ArrayList<>();
        final ByteArrayOutputStream joined = new ByteArrayOutputStream();
        int completed;
        int aborts;
        boolean failCompletion;

        Recorded() {
            super(10);
        }

        @Override
        protected void upload(int number, byte[] bytes, int length) {
            numbers.add(number);
            lengths.add(length);
            joined.write(bytes, 0, length);
        }

        @Override
        protected void complete(int parts) throws IOException {
            if (failCompletion) {
                throw new IOException("completion refused");
            }
            completed = parts;
        }

        @Override
        protected void abort() {
            aborts++;
        }
    }
}
