package org.openmpj.bench;

import java.util.Arrays;

/** Order statistics of a batch of timings. */
public final class Samples
{
    private Samples()
    {
    }

    /**
     * @param values at least one value; left unchanged.
     * @return the middle value, or the mean of the middle two for an even count.
     */
    public static double median(final double[] values)
    {
        requireNotEmpty(values);
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    }

    /**
     * @param values any number of values, NaN marking one that was not measured; left unchanged.
     * @return the median of the values that are numbers, or NaN when none is.
     */
    public static double medianOfKnown(final double[] values)
    {
        final double[] known = Arrays.stream(values).filter(value -> !Double.isNaN(value)).toArray();
        return known.length == 0 ? Double.NaN : median(known);
    }

    /**
     * @param values at least one value.
     * @return the smallest value.
     */
    public static double min(final double[] values)
    {
        requireNotEmpty(values);
        double smallest = values[0];
        for (final double value : values)
        {
            smallest = Math.min(smallest, value);
        }
        return smallest;
    }

    private static void requireNotEmpty(final double[] values)
    {
        if (values.length == 0)
        {
            throw new IllegalArgumentException("no samples");
        }
    }
}
