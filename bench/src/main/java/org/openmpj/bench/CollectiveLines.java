package org.openmpj.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The line format both collectives programs print on stdout, the native one included, and its parser.
 *
 * <pre>
 * collective impl=NAME op=bcast|reduce|allreduce|allgather|alltoall|barrier ranks=N bytes=N iterations=N repetitions=N us_median=X us_min=X
 * </pre>
 *
 * Times are per call, the slowest rank's. Any other line (comments starting with {@code #}, launcher chatter)
 * is skipped.
 */
public final class CollectiveLines
{
    /** The first word of every result line. */
    public static final String COLLECTIVE = "collective";

    private CollectiveLines()
    {
    }

    /** @return the line for one operation, rank count and size. */
    public static String format(final CollectiveResult result)
    {
        return String.format(Locale.ROOT,
            "%s impl=%s op=%s ranks=%d bytes=%d iterations=%d repetitions=%d us_median=%.4f us_min=%.4f",
            COLLECTIVE, result.impl(), result.operation().id(), result.ranks(), result.bytes(), result.iterations(),
            result.repetitions(), result.usMedian(), result.usMin());
    }

    /**
     * @param lines a program's output.
     * @return the results among them, in order.
     * @throws IllegalArgumentException quoting the line when a collective line lacks a field or has a bad value.
     */
    public static List<CollectiveResult> parse(final List<String> lines)
    {
        final List<CollectiveResult> results = new ArrayList<>();
        for (final String line : lines)
        {
            final String[] words = line.trim().split("\\s+");
            if (words[0].equals(COLLECTIVE))
            {
                final ResultFields fields = new ResultFields(words, line);
                final CollectiveOperation operation;
                try
                {
                    operation = CollectiveOperation.fromId(fields.text("op"));
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new IllegalArgumentException(ex.getMessage() + " in: " + line, ex);
                }
                results.add(new CollectiveResult(
                    fields.text("impl"),
                    operation,
                    fields.wholeInt("ranks"),
                    fields.wholeInt("bytes"),
                    fields.whole("iterations"),
                    fields.wholeInt("repetitions"),
                    fields.decimal("us_median"),
                    fields.decimal("us_min")));
            }
        }
        return List.copyOf(results);
    }
}
