package org.openmpj.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The line format every ping-pong program prints on stdout, the native one included, and its parser.
 *
 * <pre>
 * result impl=NAME bytes=N iterations=N repetitions=N oneway_us_median=X oneway_us_min=X
 * alloc impl=NAME bytes=N messages=N bytes_per_message=X
 * </pre>
 *
 * Any other line (comments starting with {@code #}, launcher chatter) is not a result and is skipped.
 */
public final class ResultLines
{
    private static final String RESULT = "result";
    private static final String ALLOC = "alloc";

    private ResultLines()
    {
    }

    /** @return the line for one size's timings. */
    public static String format(final SizeResult result)
    {
        return String.format(Locale.ROOT,
            "%s impl=%s bytes=%d iterations=%d repetitions=%d oneway_us_median=%.4f oneway_us_min=%.4f",
            RESULT, result.impl(), result.bytes(), result.iterations(), result.repetitions(),
            result.onewayUsMedian(), result.onewayUsMin());
    }

    /** @return the line for one size's allocation per message. */
    public static String format(final AllocationResult result)
    {
        return String.format(Locale.ROOT, "%s impl=%s bytes=%d messages=%d bytes_per_message=%.2f",
            ALLOC, result.impl(), result.bytes(), result.messages(), result.bytesPerMessage());
    }

    /**
     * @param lines a program's output.
     * @return the results among them, in order.
     * @throws IllegalArgumentException quoting the line when a result or alloc line lacks a field or has a bad number.
     */
    public static ResultSet parse(final List<String> lines)
    {
        final List<SizeResult> sizes = new ArrayList<>();
        final List<AllocationResult> allocations = new ArrayList<>();
        for (final String line : lines)
        {
            final String[] words = line.trim().split("\\s+");
            if (words[0].equals(RESULT))
            {
                final Map<String, String> fields = fields(words, line);
                sizes.add(new SizeResult(
                    text(fields, "impl", line),
                    (int)whole(fields, "bytes", line),
                    whole(fields, "iterations", line),
                    (int)whole(fields, "repetitions", line),
                    decimal(fields, "oneway_us_median", line),
                    decimal(fields, "oneway_us_min", line)));
            }
            else if (words[0].equals(ALLOC))
            {
                final Map<String, String> fields = fields(words, line);
                allocations.add(new AllocationResult(
                    text(fields, "impl", line),
                    (int)whole(fields, "bytes", line),
                    whole(fields, "messages", line),
                    decimal(fields, "bytes_per_message", line)));
            }
        }
        return new ResultSet(sizes, allocations);
    }

    private static Map<String, String> fields(final String[] words, final String line)
    {
        final Map<String, String> fields = new HashMap<>();
        for (int i = 1; i < words.length; i++)
        {
            final int equals = words[i].indexOf('=');
            if (equals <= 0)
            {
                throw new IllegalArgumentException("'" + words[i] + "' is not name=value in: " + line);
            }
            fields.put(words[i].substring(0, equals), words[i].substring(equals + 1));
        }
        return fields;
    }

    private static String text(final Map<String, String> fields, final String name, final String line)
    {
        final String value = fields.get(name);
        if (value == null || value.isEmpty())
        {
            throw new IllegalArgumentException("no " + name + "= in: " + line);
        }
        return value;
    }

    private static long whole(final Map<String, String> fields, final String name, final String line)
    {
        final String value = text(fields, name, line);
        try
        {
            return Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(name + "=" + value + " is not a whole number in: " + line, ex);
        }
    }

    private static double decimal(final Map<String, String> fields, final String name, final String line)
    {
        final String value = text(fields, name, line);
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
