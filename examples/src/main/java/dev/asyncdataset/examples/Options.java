package dev.asyncdataset.examples;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hand-written {@code --name value} command-line options: every option has a default, unknown names
 * and missing values are rejected with a message that lists the valid options.
 */
public final class Options {

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
     * Describes the options and their defaults, for usage messages.
     *
     * @param defaults the valid options and their defaults
     * @return a one-line description such as {@code --epochs 2 --batch-size 32}
     */
    public static String usage(Map<String, String> defaults) {
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
     * Returns an integer option.
     *
     * @param name the option name, without dashes
     * @return the value as an int
     * @throws IllegalArgumentException if the value is not an integer
     */
    public int integer(String name) {
        try {
            return Integer.parseInt(text(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " needs an integer: " + text(name), e);
        }
    }
}
