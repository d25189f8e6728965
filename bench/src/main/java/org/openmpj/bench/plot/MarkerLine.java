package org.openmpj.bench.plot;

/**
 * A vertical dashed line across the plot at one x value, such as a protocol threshold.
 *
 * @param x     where, in data units.
 * @param label the text drawn beside it.
 */
public record MarkerLine(double x, String label)
{
}
