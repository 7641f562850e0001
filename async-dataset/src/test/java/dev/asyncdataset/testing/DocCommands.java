package dev.asyncdataset.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands of a documented journey, read from the {@code bash} block after the line {@code <!--
 * journey: NAME -->} of a markdown file, so that a test runs what the docs say: lines joined where
 * they end with {@code \}, comments and blank lines left out, each command split into words as the
 * shell splits them (quotes removed, no variables expanded).
 */
public final class DocCommands {

    private DocCommands() {}

    /**
     * One command: its words, and for an example run through Maven ({@code -Drun.main=} with {@code
     * -Drun.args=}, or the Spark job's {@code -Dspark.args=}) the program and its arguments.
     *
     * @param words the command's words
     */
    public record Command(List<String> words) {

        /** The program: an example's class, else the first word. */
        public String program() {
            String main = property("run.main");
            if (main != null) {
                return main;
            }
            return property("spark.args") != null ? "spark-job" : words.get(0);
        }

        /** The arguments: an example's, split into words, else the words after the first. */
        public List<String> args() {
            String args = property("run.args");
            if (args == null) {
                args = property("spark.args");
            }
            return args == null ? words.subList(1, words.size()) : split(args);
        }

        private String property(String name) {
            return words.stream()
                    .filter(w -> w.startsWith("-D" + name + "="))
                    .map(w -> w.substring(name.length() + 3))
                    .findFirst()
                    .orElse(null);
        }
    }

    /**
     * Reads the journey {@code name} of {@code markdown}.
     *
     * @throws IllegalArgumentException if the file has no such journey or its block is not closed
     */
    public static List<Command> read(Path markdown, String name) throws IOException {
        List<String> lines = Files.readAllLines(markdown);
        int marker = lines.indexOf("<!-- journey: " + name + " -->");
        if (marker < 0 || !lines.get(marker + 1).equals("```bash")) {
            throw new IllegalArgumentException(
                    markdown + " has no journey " + name + " followed by a bash block");
        }
        List<Command> commands = new ArrayList<>();
        StringBuilder command = new StringBuilder();
        for (int i = marker + 2; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.equals("```")) {
                return commands;
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.endsWith("\\")) {
                command.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            command.append(line);
            commands.add(new Command(split(command.toString())));
            command.setLength(0);
        }
        throw new IllegalArgumentException(
                markdown + ": the block of journey " + name + " is not closed");
    }

    /** {@code line} split into words at blanks outside quotes, the quotes removed. */
    public static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
