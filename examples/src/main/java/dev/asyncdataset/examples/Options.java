package dev.asyncdataset.examples;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The examples' one reader of {@code --name value} command-line options: every option has a
 * default, unknown names and missing values are rejected with a message that lists the valid
 * options, and each typed read ({@link #integer}, {@link #decimal}, {@link #flag}, {@link #choice}
 * ...) refuses a value of another type with a message naming the option.
 */
public final class Options {

    /** An option and its value in a command line of defaults. */
    private static final Pattern OPTION = Pattern.compile("--(\\S+)\\s+(\\S+)");

    private final Map<String, String> values;

    private Options(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Parses {@code args} against {@code defaults} (option name without dashes to default value).
     *
     * @param args the command line, as {@code --name value} pairs
     * @param defaults the valid options and their defaults
     * @return the options
     * @throws IllegalArgumentException if an option is unknown or has no value
     */
    public static Options parse(String[] args, Map<String, String> defaults) {
        Map<String, String> values = new LinkedHashMap<>(defaults);
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i].startsWith("--") ? args[i].substring(2) : args[i];
            if (!defaults.containsKey(name)) {
                throw new IllegalArgumentException(
                        "unknown option " + args[i] + "; valid: " + usage(defaults));
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException("missing value for " + args[i]);
            }
            values.put(name, args[i + 1]);
        }
        return new Options(values);
    }

    /**
     * Returns the options and defaults a command line names, in its order, for {@link #parse}:
     * {@code "--epochs 2 --data ''"} gives {@code epochs} 2 and {@code data} empty ({@code ''}),
     * the form usage messages show, so that a program states each option and its default once.
     *
     * @param commandLine {@code --name value} pairs
     * @return a new ordered map of option name (without dashes) to default
     * @throws IllegalArgumentException if the text is not such pairs
     */
    public static Map<String, String> defaults(String commandLine) {
        Map<String, String> defaults = new LinkedHashMap<>();
        Matcher option = OPTION.matcher(commandLine);
        int end = 0;
        while (option.find() && commandLine.substring(end, option.start()).isBlank()) {
            defaults.put(option.group(1), option.group(2).equals("''") ? "" : option.group(2));
            end = option.end();
        }
        if (!commandLine.substring(end).isBlank()) {
            throw new IllegalArgumentException("not --name value pairs: " + commandLine);
        }
        return defaults;
    }

    /** The options and their values as one line, {@code --epochs 2 --data ''}, for messages. */
    private static String usage(Map<String, String> defaults) {
        StringBuilder usage = new StringBuilder();
        defaults.forEach(
                (name, value) ->
                        usage.append(" --")
                                .append(name)
                                .append(' ')
                                .append(value.isEmpty() ? "''" : value));
        return usage.toString().trim();
    }

    /**
     * Returns these options with one more set, for values a program fixes itself.
     *
     * @param name the option name, without dashes
     * @param value its value
     * @return new options
     */
    public Options with(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(values);
        more.put(name, value);
        return new Options(more);
    }

    /**
     * Returns these options with {@code defaults} added for the names they lack, for a program that
     * fixes some options of another's and leaves the rest at their defaults.
     *
     * @param defaults option names and default values
     * @return new options
     */
    public Options withDefaults(Map<String, String> defaults) {
        Map<String, String> more = new LinkedHashMap<>(defaults);
        more.putAll(values);
        return new Options(more);
    }

    /**
     * Returns an option's value.
     *
     * @param name the option name, without dashes
     * @return the value given, or the default
     */
    public String text(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no option --" + name);
        }
        return value;
    }

    /**
     * Returns an option that has no default and must be given.
     *
     * @param name the option name, without dashes
     * @return the value given
     * @throws IllegalArgumentException if it is empty
     */
    public String required(String name) {
        if (text(name).isEmpty()) {
            throw new IllegalArgumentException(
                    "--" + name + " is required; options: " + usage(values));
        }
        return text(name);
    }

    /**
     * Returns an integer option.
     *
     * @param name the option name, without dashes
     * @return the value as an int
     * @throws IllegalArgumentException if the value is not an integer
     */
    public int integer(String name) {
        return parsed(name, "an integer", Integer::parseInt);
    }

    /**
     * Returns an integer option that may also be a word standing for a value, such as {@code auto}.
     *
     * @param name the option name, without dashes
     * @param word the word
     * @param value what the word stands for
     * @return the integer, or {@code value} for the word
     * @throws IllegalArgumentException if the value is neither the word nor an integer
     */
    public int integerOr(String name, String word, int value) {
        if (text(name).equals(word)) {
            return value;
        }
        return parsed(name, "an integer or " + word, Integer::parseInt);
    }

    /**
     * Returns a comma-separated list of integers, such as {@code 512,256}.
     *
     * @param name the option name, without dashes
     * @return the integers, in order
     * @throws IllegalArgumentException if an element is not an integer
     */
    public List<Integer> integers(String name) {
        return parsed(
                name,
                "integers separated by commas",
                text -> Arrays.stream(text.split(",")).map(Integer::valueOf).toList());
    }

    /**
     * Returns a decimal option, such as {@code 0.8}.
     *
     * @param name the option name, without dashes
     * @return the value as a double
     * @throws IllegalArgumentException if the value is not a number
     */
    public double decimal(String name) {
        return parsed(name, "a number", Double::parseDouble);
    }

    /**
     * Returns a {@code true} or {@code false} option.
     *
     * @param name the option name, without dashes
     * @return the value
     * @throws IllegalArgumentException if the value is neither
     */
    public boolean flag(String name) {
        return choice(name, "true", "false").equals("true");
    }

    /**
     * Returns an option whose value must be one of {@code allowed}.
     *
     * @param name the option name, without dashes
     * @param allowed the valid values
     * @return the value
     * @throws IllegalArgumentException if the value is none of them
     */
    public String choice(String name, String... allowed) {
        String value = text(name);
        if (!Arrays.asList(allowed).contains(value)) {
            String last = allowed[allowed.length - 1];
            String rest = String.join(", ", Arrays.asList(allowed).subList(0, allowed.length - 1));
            throw new IllegalArgumentException(
                    "--" + name + " must be " + rest + " or " + last + ": " + value);
        }
        return value;
    }

    /** Reads an option with {@code parser}; a value it refuses is reported as not {@code what}. */
    private <T> T parsed(String name, String what, Function<String, T> parser) {
        try {
            return parser.apply(text(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--" + name + " needs " + what + ": " + text(name), e);
        }
    }
}
