package org.openmpj.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The command lines of the bench programs and reports: pairs of option name and value, in any order. Reads the
 * pairs and their numbers once, with errors that name the option.
 */
public final class OptionPairs
{
    private OptionPairs()
    {
    }

    /**
     * One option and its value.
     *
     * @param name  the option, e.g. {@code --rounds}.
     * @param value its value as given.
     */
    public record Option(String name, String value)
    {
        /**
         * @return the value as a whole number from {@code min} to {@code max}.
         * @throws IllegalArgumentException naming the option and the value when it is not a number or out of range.
         */
        public long whole(final long min, final long max)
        {
            final long parsed;
            try
            {
                parsed = Long.parseLong(value.trim());
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException(name + " " + value + " is not a whole number", ex);
            }
            if (parsed < min || parsed > max)
            {
                throw new IllegalArgumentException(name + " " + value + " is out of range; expected " + min + " to " + max);
            }
            return parsed;
        }

        /** @return the value as a whole number from {@code min} to {@code max}, as {@link #whole} checks it. */
        public int wholeInt(final int min, final int max)
        {
            return (int)whole(min, max);
        }
    }

    /**
     * @param args option names, each followed by its value.
     * @return the pairs, in order.
     * @throws IllegalArgumentException naming the last option when it has no value.
     */
    public static List<Option> of(final String[] args)
    {
        final List<Option> options = new ArrayList<>();
        for (int i = 0; i < args.length; i += 2)
        {
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            options.add(new Option(args[i], args[i + 1]));
        }
        return options;
    }
}
