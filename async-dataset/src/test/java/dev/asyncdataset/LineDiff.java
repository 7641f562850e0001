package dev.asyncdataset;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff for people: each run of changed lines as {@code -} (only in the old text) and {@code
 * +} (only in the new) lines under an {@code @@} line naming the type they belong to, the nearest
 * unindented line above them in the new text, as {@code git diff} names a function.
 */
final class LineDiff {

    private LineDiff() {}

    /** The changes from {@code old} to {@code now}, or "" when they are equal. */
    static String of(List<String> old, List<String> now) {
        int[][] common = commonSuffixes(old, now);
        StringBuilder out = new StringBuilder();
        List<String> run = new ArrayList<>();
        String owner = "";
        int i = 0;
        int j = 0;
        while (i < old.size() || j < now.size()) {
            boolean same = i < old.size() && j < now.size() && old.get(i).equals(now.get(j));
            if (same) {
                flush(run, owner, out);
                i++;
                j++;
                continue;
            }
            if (run.isEmpty()) {
                owner = owner(now, j);
            }
            if (j == now.size() || (i < old.size() && common[i + 1][j] >= common[i][j + 1])) {
                run.add("- " + old.get(i++));
            } else {
                run.add("+ " + now.get(j++));
            }
        }
        flush(run, owner, out);
        return out.toString();
    }

    /** {@code common[i][j]}: the longest common subsequence of old[i..] and now[j..]. */
    private static int[][] commonSuffixes(List<String> old, List<String> now) {
        int[][] common = new int[old.size() + 1][now.size() + 1];
        for (int i = old.size() - 1; i >= 0; i--) {
            for (int j = now.size() - 1; j >= 0; j--) {
                common[i][j] =
                        old.get(i).equals(now.get(j))
                                ? common[i + 1][j + 1] + 1
                                : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        return common;
    }

    /** The nearest unindented, non-blank line before line {@code end} of {@code lines}. */
    private static String owner(List<String> lines, int end) {
        for (int k = end - 1; k >= 0; k--) {
            String line = lines.get(k);
            if (!line.isBlank() && !line.startsWith(" ")) {
                return line;
            }
        }
        return "(top)";
    }

    private static void flush(List<String> run, String owner, StringBuilder out) {
        if (run.isEmpty()) {
            return;
        }
        out.append("@@ ").append(owner).append('\n');
        run.forEach(line -> out.append(line.stripTrailing()).append('\n'));
        run.clear();
    }
}
