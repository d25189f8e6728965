package org.openmpj.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one command-line parser of the bench programs and reports. A program declares its options as {@link Option}s
 * (name, value word, help, default and how to read a value) and gets their values, a {@code --help} text written from the
 * same declarations, and errors that name the option and the value: {@code --rounds 0 is out of range; expected 1 to 100},
 * {@code --bogus is not an option of ReportRunner pingpong}, {@code --rounds needs a value}. Options are
 * {@code --name value} pairs in any order, or flags without a value. Immutable and thread-safe.
 */
public final class OptionParser
{
    private static final int HELP_COLUMN = 26;
    private static final int USAGE_WIDTH = 118;

    private final String program;
    private final String summary;
    private final Map<String, Option<?>> options = new LinkedHashMap<>();

    /**
     * One option.
     *
     * @param name         the option, e.g. {@code --rounds}.
     * @param valueWord    the word standing for its value in the help, e.g. {@code N}; null for a flag, which takes none.
     * @param help         what it does, for {@code --help}.
     * @param defaultValue its value when absent; may be null, for a default the program works out from other options.
     * @param defaultText  the default as the help shows it; empty for none.
     * @param read         reads a value; throws {@link IllegalArgumentException} saying what is wrong with it, e.g.
     *                     {@code is not a whole number}.
     * @param <T>          the value's type.
     */
    public record Option<T>(String name, String valueWord, String help, T defaultValue, String defaultText, Function<String, T> read)
    {
        /** @return this option with another default, e.g. fewer repetitions per round in a report than in one run. */
        public Option<T> withDefault(final T newDefault)
        {
            return new Option<>(name, valueWord, help, newDefault, String.valueOf(newDefault), read);
        }

        /** @return this option with another default and the words the help shows for it, e.g. a default worked out later. */
        public Option<T> withDefault(final T newDefault, final String newDefaultText)
        {
            return new Option<>(name, valueWord, help, newDefault, newDefaultText, read);
        }

        /** @return this option with another help text, for a program that means something more by it. */
        public Option<T> withHelp(final String newHelp)
        {
            return new Option<>(name, valueWord, newHelp, defaultValue, defaultText, read);
        }

        /** @return whether the option is a flag, present or absent, taking no value. */
        public boolean isFlag()
        {
            return valueWord == null;
        }
    }

    /**
     * The values of one command line, looked up by the option's name: an option declared with another default (see
     * {@link Option#withDefault}) reads the same value, and its absence gives the default the parser was declared with.
     */
    public static final class Values
    {
        private final Map<String, Option<?>> declared;
        private final Map<String, Object> given;

        private Values(final Map<String, Option<?>> declared, final Map<String, Object> given)
        {
            this.declared = declared;
            this.given = given;
        }

        /** @return the option's value: the one given, else the declared default (null when it has none). */
        @SuppressWarnings("unchecked")
        public <T> T get(final Option<T> option)
        {
            if (given.containsKey(option.name()))
            {
                return (T)given.get(option.name());
            }
            final Option<?> declaration = declared.get(option.name());
            return declaration != null ? (T)declaration.defaultValue() : option.defaultValue();
        }

        /** @return whether the command line gave the option. */
        public boolean given(final Option<?> option)
        {
            return given.containsKey(option.name());
        }
    }

    /**
     * @param program the program's name in messages and usage, e.g. {@code ReportRunner pingpong}.
     * @param summary one paragraph on what the program does, printed above the options.
     * @param options the options, in the order the help lists them.
     * @throws IllegalArgumentException when two options share a name.
     */
    public OptionParser(final String program, final String summary, final List<Option<?>> options)
    {
        this.program = program;
        this.summary = summary;
        for (final Option<?> option : options)
        {
            if (this.options.put(option.name(), option) != null)
            {
                throw new IllegalArgumentException(program + " declares " + option.name() + " twice");
            }
        }
    }

    /**
     * @param args the command line.
     * @return the values.
     * @throws IllegalArgumentException naming the option (and value) that is unknown, lacks a value or is invalid.
     */
    public Values parse(final String[] args)
    {
        final Map<String, Object> given = new HashMap<>();
        for (int i = 0; i < args.length; i++)
        {
            final Option<?> option = options.get(args[i]);
            if (option == null)
            {
                throw new IllegalArgumentException(args[i] + " is not an option of " + program + "; see --help");
            }
            if (option.isFlag())
            {
                given.put(option.name(), Boolean.TRUE);
                continue;
            }
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(option.name() + " needs a value (" + option.valueWord() + ")");
            }
            final String value = args[++i];
            try
            {
                given.put(option.name(), option.read().apply(value.trim()));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(option.name() + " " + value + " " + ex.getMessage(), ex);
            }
        }
        return new Values(options, given);
    }

    /** @return whether the command line asks for the help. */
    public static boolean wantsHelp(final String[] args)
    {
        return Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h");
    }

    /** @return the help: the usage line, the summary and one entry per option with its default. */
    public String usage()
    {
        final StringBuilder text = new StringBuilder("Usage: ").append(program).append(" [--help]");
        int lineStart = 0;
        for (final Option<?> option : options.values())
        {
            final String word = " [" + option.name() + (option.isFlag() ? "" : " " + option.valueWord()) + "]";
            if (text.length() - lineStart + word.length() > USAGE_WIDTH)
            {
                text.append('\n');
                lineStart = text.length();
                text.append(" ".repeat(("Usage: " + program).length()));
            }
            text.append(word);
        }
        text.append("\n\n").append(summary.strip()).append("\n\n");
        for (final Option<?> option : options.values())
        {
            final String head = "  " + option.name() + (option.isFlag() ? "" : " " + option.valueWord());
            text.append(head).append(head.length() < HELP_COLUMN ? " ".repeat(HELP_COLUMN - head.length()) : "\n" + " ".repeat(HELP_COLUMN))
                .append(option.help());
            if (!option.defaultText().isEmpty())
            {
                text.append("; default ").append(option.defaultText());
            }
            text.append(".\n");
        }
        return text.toString();
    }

    /** @return a whole-number option from {@code min} to {@code max}. */
    public static Option<Integer> whole(final String name, final String help, final int defaultValue, final int min, final int max)
    {
        return new Option<>(name, "N", help, defaultValue, Integer.toString(defaultValue), value -> (int)whole(value, min, max));
    }

    /**
     * @return a whole-number option whose range the program's own record checks (and states in its message), so that the
     *         range is written once.
     */
    public static Option<Integer> number(final String name, final String help, final int defaultValue)
    {
        return new Option<>(name, "N", help, defaultValue, Integer.toString(defaultValue),
            value -> (int)whole(value, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    /** @return an option of text, taken as given. */
    public static Option<String> text(final String name, final String valueWord, final String help, final String defaultValue)
    {
        return new Option<>(name, valueWord, help, defaultValue, defaultValue == null ? "" : defaultValue, value -> value);
    }

    /** @return an option naming a file or directory, made absolute; its default is worked out by the program and told in words. */
    public static Option<Path> path(final String name, final String valueWord, final String help, final String defaultText)
    {
        return new Option<>(name, valueWord, help, null, defaultText, value -> Path.of(value).toAbsolutePath());
    }

    /** @return a flag, false unless given. */
    public static Option<Boolean> flag(final String name, final String help)
    {
        return new Option<>(name, null, help, Boolean.FALSE, "", value -> Boolean.TRUE);
    }

    /**
     * @param read reads one element, throwing {@link IllegalArgumentException} with what is wrong with it.
     * @return an option of comma-separated values, each read by {@code read}, each kept once, in order given.
     */
    public static <T> Option<List<T>> list(
        final String name, final String valueWord, final String help, final List<T> defaultValue, final Function<String, T> read)
    {
        return new Option<>(name, valueWord, help, defaultValue,
            String.join(",", defaultValue.stream().map(String::valueOf).toList()), value -> readList(value, read));
    }

    /** @return an option of comma-separated whole numbers from {@code min} to {@code max}, ascending, each once. */
    public static Option<List<Integer>> wholeList(
        final String name, final String help, final List<Integer> defaultValue, final int min, final int max)
    {
        return new Option<>(name, "N,N,...", help, defaultValue, String.join(",", defaultValue.stream().map(String::valueOf).toList()),
            value -> readList(value, word -> (int)whole(word, min, max)).stream().sorted().toList());
    }

    /**
     * @return the value as a whole number from {@code min} to {@code max}.
     * @throws IllegalArgumentException saying it is not a number, or out of range.
     */
    public static long whole(final String value, final long min, final long max)
    {
        final long parsed;
        try
        {
            parsed = Long.parseLong(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("is not a whole number", ex);
        }
        if (parsed < min || parsed > max)
        {
            throw new IllegalArgumentException("is out of range; expected " + min + " to " + max);
        }
        return parsed;
    }

    /**
     * Checks a value a record holds, with the message the parser gives: for records whose ranges depend on each other.
     *
     * @throws IllegalArgumentException naming the option and the value when it is out of range.
     */
    public static void requireInRange(final String name, final long value, final long min, final long max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(name + " " + value + " is out of range; expected " + min + " to " + max);
        }
    }

    private static <T> List<T> readList(final String value, final Function<String, T> read)
    {
        final List<T> values = new ArrayList<>();
        for (final String word : value.split(","))
        {
            if (word.isBlank())
            {
                continue;
            }
            final T element;
            try
            {
                element = read.apply(word.trim());
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("has " + word.trim() + ", which " + ex.getMessage(), ex);
            }
            if (!values.contains(element))
            {
                values.add(element);
            }
        }
        if (values.isEmpty())
        {
            throw new IllegalArgumentException("names nothing");
        }
        return List.copyOf(values);
    }
}
