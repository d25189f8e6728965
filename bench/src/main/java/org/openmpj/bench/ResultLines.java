package org.openmpj.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
                final ResultFields fields = new ResultFields(words, line);
                sizes.add(new SizeResult(
                    fields.text("impl"),
                    fields.wholeInt("bytes"),
                    fields.whole("iterations"),
                    fields.wholeInt("repetitions"),
                    fields.decimal("oneway_us_median"),
                    fields.decimal("oneway_us_min")));
            }
            else if (words[0].equals(ALLOC))
            {
                final ResultFields fields = new ResultFields(words, line);
                allocations.add(new AllocationResult(
                    fields.text("impl"),
                    fields.wholeInt("bytes"),
                    fields.whole("messages"),
                    fields.decimal("bytes_per_message")));
            }
        }
        return new ResultSet(sizes, allocations);
    }
}
