package org.openmpj.bench;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@code name=value} words of one result line after its first word, with typed getters whose errors
 * quote the line. Shared by the parsers of every benchmark's output.
 */
public final class ResultFields
{
    private final Map<String, String> fields = new HashMap<>();
    private final String line;

    /**
     * @param words the line split at white space; the first word (the line's kind) is skipped.
     * @param line  the whole line, quoted in errors.
     * @throws IllegalArgumentException quoting the line when a word is not {@code name=value}.
     */
    ResultFields(final String[] words, final String line)
    {
        this.line = line;
        for (int i = 1; i < words.length; i++)
        {
            final int equals = words[i].indexOf('=');
            if (equals <= 0)
            {
                throw new IllegalArgumentException("'" + words[i] + "' is not name=value in: " + line);
            }
            fields.put(words[i].substring(0, equals), words[i].substring(equals + 1));
        }
    }

    /** @return the fields of {@code line}, whose first word (the line's kind) is skipped. */
    public static ResultFields of(final String line)
    {
        return new ResultFields(line.trim().split("\\s+"), line);
    }

    /** @return the value of {@code name}, not empty. */
    public String text(final String name)
    {
        final String value = fields.get(name);
        if (value == null || value.isEmpty())
        {
            throw new IllegalArgumentException("no " + name + "= in: " + line);
        }
        return value;
    }

    /** @return the value of {@code name} as a whole number. */
    public long whole(final String name)
    {
        final String value = text(name);
        try
        {
            return Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(name + "=" + value + " is not a whole number in: " + line, ex);
        }
    }

    /** @return the value of {@code name} as a whole number that fits an {@code int}. */
    public int wholeInt(final String name)
    {
        final long value = whole(name);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(name + "=" + value + " is too large in: " + line);
        }
        return (int)value;
    }

    /** @return the value of {@code name} as a number. */
    public double decimal(final String name)
    {
        final String value = text(name);
        try
        {
            return Double.parseDouble(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(name + "=" + value + " is not a number in: " + line, ex);
        }
    }
}
