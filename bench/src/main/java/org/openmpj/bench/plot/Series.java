package org.openmpj.bench.plot;

import java.util.Arrays;

/**
 * One line of a plot.
 *
 * @param name the legend entry.
 * @param x    the x values, ascending.
 * @param y    the y values, one per x; a value the axis cannot show (NaN, or not positive on a log axis) breaks the line.
 */
public record Series(String name, double[] x, double[] y)
{
    /** Checks the lengths match and copies the arrays. */
    public Series
    {
        if (x.length != y.length)
        {
            throw new IllegalArgumentException(name + ": " + x.length + " x values but " + y.length + " y values");
        }
        x = x.clone();
        y = y.clone();
    }

    @Override
    public double[] x()
    {
        return x.clone();
    }

    @Override
    public double[] y()
    {
        return y.clone();
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof Series that
            && name.equals(that.name) && Arrays.equals(x, that.x) && Arrays.equals(y, that.y);
    }

    @Override
    public int hashCode()
    {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(x)) + Arrays.hashCode(y);
    }

    @Override
    public String toString()
    {
        return "Series[" + name + ", " + x.length + " points]";
    }
}
