package org.openmpj.bench.plot;

import java.util.Arrays;

/**
 * One line of a plot.
 *
 * @param name   the legend entry.
 * @param x      the x values, ascending.
 * @param y      the y values, one per x; a value the axis cannot show (NaN, or not positive on a log axis) breaks the line.
 * @param colour the index of the line's colour in the plot's palette, or {@link #AUTO_COLOUR} for the series' position.
 * @param dashed whether the line is dashed rather than solid.
 */
public record Series(String name, double[] x, double[] y, int colour, boolean dashed)
{
    /** Colour the line by its position among the plot's series. */
    public static final int AUTO_COLOUR = -1;

    /** Checks the lengths match and copies the arrays. */
    public Series
    {
        if (x.length != y.length)
        {
            throw new IllegalArgumentException(name + ": " + x.length + " x values but " + y.length + " y values");
        }
        if (colour < AUTO_COLOUR)
        {
            throw new IllegalArgumentException(name + ": colour " + colour + " is not a palette index");
        }
        x = x.clone();
        y = y.clone();
    }

    /** A solid line coloured by its position among the plot's series. */
    public Series(final String name, final double[] x, final double[] y)
    {
        this(name, x, y, AUTO_COLOUR, false);
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
            && name.equals(that.name) && Arrays.equals(x, that.x) && Arrays.equals(y, that.y)
            && colour == that.colour && dashed == that.dashed;
    }

    @Override
    public int hashCode()
    {
        return 31 * (31 * (31 * (31 * name.hashCode() + Arrays.hashCode(x)) + Arrays.hashCode(y)) + colour) + Boolean.hashCode(dashed);
    }

    @Override
    public String toString()
    {
        return "Series[" + name + ", " + x.length + " points" + (dashed ? ", dashed" : "") + "]";
    }
}
