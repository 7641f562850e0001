package dev.asyncdataset.internal.shard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Expands WebDataset brace patterns in shard names: a numeric range {@code {000000..000146}}
 * (zero-padded to the width of its first bound) or a list {@code {train,val}}, any number of them,
 * left to right: {@code train-{0..1}-{a,b}.tar} gives {@code train-0-a.tar}, {@code train-0-b.tar},
 * {@code train-1-a.tar}, {@code train-1-b.tar}.
 */
public final class BracePattern {

    /** The most names a pattern may expand to, so a typo cannot exhaust the heap. */
    static final int MAX_NAMES = 10_000_000;

    private BracePattern() {}

    /** Tells whether {@code name} holds a brace pattern. */
    public static boolean isPattern(String name) {
        return name.indexOf('{') >= 0;
    }

    /**
     * Returns the names {@code pattern} stands for, in order.
     *
     * @throws IllegalArgumentException if a brace is unbalanced, a range runs backwards, or the
     *     expansion is over {@link #MAX_NAMES} names
     */
    public static List<String> expand(String pattern) {
        List<String> names = new ArrayList<>();
        expand("", pattern, pattern, names);
        return names;
    }

    private static void expand(String head, String rest, String pattern, List<String> names) {
        int open = rest.indexOf('{');
        if (open < 0) {
            if (rest.indexOf('}') >= 0) {
                throw new IllegalArgumentException("unbalanced '}' in " + pattern);
            }
            if (names.size() >= MAX_NAMES) {
                throw new IllegalArgumentException("more than " + MAX_NAMES + " names: " + pattern);
            }
            names.add(head + rest);
            return;
        }
        int close = rest.indexOf('}', open);
        if (close < 0 || rest.substring(0, open).indexOf('}') >= 0) {
            throw new IllegalArgumentException("unbalanced braces in " + pattern);
        }
        String prefix = head + rest.substring(0, open);
        for (String choice : choices(rest.substring(open + 1, close), pattern)) {
            expand(prefix + choice, rest.substring(close + 1), pattern, names);
        }
    }

    private static List<String> choices(String body, String pattern) {
        int dots = body.indexOf("..");
        if (dots < 0) {
            return List.of(body.split(",", -1));
        }
        String first = body.substring(0, dots);
        long from = parse(first, pattern);
        long to = parse(body.substring(dots + 2), pattern);
        if (to < from || to - from >= MAX_NAMES) {
            throw new IllegalArgumentException("bad range {" + body + "} in " + pattern);
        }
        List<String> numbers = new ArrayList<>();
        String format = "%0" + first.length() + "d";
        for (long n = from; n <= to; n++) {
            numbers.add(String.format(Locale.ROOT, format, n));
        }
        return numbers;
    }

    private static long parse(String number, String pattern) {
        if (!number.matches("[0-9]{1,18}")) {
            throw new IllegalArgumentException("not a number: '" + number + "' in " + pattern);
        }
        return Long.parseLong(number);
    }
}
