package org.openmpj.bench.plot;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/** Maps data values onto one side of a plot, logarithmically or linearly, and says where its ticks go. */
public final class Axis
{
    private static final int LINEAR_TICK_TARGET = 6;
    /** log(2^k)/log(2) can miss k by an ulp; without slack an exact power of two would round to the next one. */
    private static final double ROUNDING_SLACK = 1e-9;

    private final String title;
    private final double min;
    private final double max;
    private final boolean logarithmic;
    private final List<Tick> ticks;

    private Axis(final String title, final double min, final double max, final boolean logarithmic, final List<Tick> ticks)
    {
        if (!(max > min))
        {
            throw new IllegalArgumentException(title + ": empty range " + min + " to " + max);
        }
        this.title = title;
        this.min = min;
        this.max = max;
        this.logarithmic = logarithmic;
        this.ticks = List.copyOf(ticks);
    }

    /**
     * A base-2 logarithmic axis over whole powers of two, labelled every second power (1, 4, 16, ...).
     *
     * @param title  the axis title.
     * @param min    the smallest value shown, rounded down to a power of two.
     * @param max    the largest value shown, rounded up to a power of two.
     * @param format the label of a tick value.
     */
    public static Axis log2(final String title, final double min, final double max, final DoubleFunction<String> format)
    {
        requirePositive(title, min, max);
        final int low = (int)Math.floor(log2(min) + ROUNDING_SLACK);
        final int high = Math.max(low + 1, (int)Math.ceil(log2(max) - ROUNDING_SLACK));
        final List<Tick> ticks = new ArrayList<>();
        for (int power = low; power <= high; power++)
        {
            final double value = Math.pow(2, power);
            ticks.add(new Tick(value, Math.floorMod(power - low, 2) == 0 ? format.apply(value) : ""));
        }
        return new Axis(title, Math.pow(2, low), Math.pow(2, high), true, ticks);
    }

    /**
     * A base-10 logarithmic axis over whole decades, labelled at each decade with minor ticks at 2 to 9.
     *
     * @param title the axis title.
     * @param min   the smallest value shown, rounded down to a power of ten.
     * @param max   the largest value shown, rounded up to a power of ten.
     */
    public static Axis log10(final String title, final double min, final double max)
    {
        requirePositive(title, min, max);
        final int low = (int)Math.floor(Math.log10(min));
        final int high = Math.max(low + 1, (int)Math.ceil(Math.log10(max)));
        final List<Tick> ticks = new ArrayList<>();
        for (int power = low; power <= high; power++)
        {
            final BigDecimal decade = BigDecimal.ONE.scaleByPowerOfTen(power);
            ticks.add(new Tick(decade.doubleValue(), decade.stripTrailingZeros().toPlainString()));
            for (int multiple = 2; multiple <= 9 && power < high; multiple++)
            {
                ticks.add(new Tick(multiple * decade.doubleValue(), ""));
            }
        }
        return new Axis(title, Math.pow(10, low), Math.pow(10, high), true, ticks);
    }

    /**
     * A linear axis from {@code min} up to {@code max} rounded up to a tick, ticks at 1, 2 or 5 times a power of ten.
     *
     * @param title the axis title.
     * @param min   the smallest value shown.
     * @param max   the largest value to fit.
     */
    public static Axis linear(final String title, final double min, final double max)
    {
        final double span = max > min ? max - min : 1.0;
        final double step = niceStep(span / LINEAR_TICK_TARGET);
        final double top = min + Math.ceil(span / step - 1e-9) * step;
        final List<Tick> ticks = new ArrayList<>();
        for (int i = 0; min + i * step <= top + step / 2; i++)
        {
            final BigDecimal value = BigDecimal.valueOf(min).add(BigDecimal.valueOf(step).multiply(BigDecimal.valueOf(i)));
            ticks.add(new Tick(value.doubleValue(), value.stripTrailingZeros().toPlainString()));
        }
        return new Axis(title, min, top, false, ticks);
    }

    /** @return the axis title. */
    public String title()
    {
        return title;
    }

    /** @return the ticks, smallest value first. */
    public List<Tick> ticks()
    {
        return ticks;
    }

    /** @return whether the value has a place on this axis (inside or outside the shown range). */
    public boolean canShow(final double value)
    {
        return Double.isFinite(value) && (!logarithmic || value > 0);
    }

    /** @return where the value falls: 0 at the axis minimum, 1 at its maximum. */
    public double fraction(final double value)
    {
        if (logarithmic)
        {
            return (Math.log(value) - Math.log(min)) / (Math.log(max) - Math.log(min));
        }
        return (value - min) / (max - min);
    }

    private static double niceStep(final double rough)
    {
        final double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        final double scaled = rough / magnitude;
        final double nice = scaled < 1.5 ? 1 : scaled < 3 ? 2 : scaled < 7 ? 5 : 10;
        return BigDecimal.valueOf(nice).multiply(BigDecimal.valueOf(magnitude)).doubleValue();
    }

    private static double log2(final double value)
    {
        return Math.log(value) / Math.log(2);
    }

    private static void requirePositive(final String title, final double min, final double max)
    {
        if (!(min > 0) || !(max > 0) || !Double.isFinite(max))
        {
            throw new IllegalArgumentException(title + ": a logarithmic axis needs positive bounds, got " + min + " to " + max);
        }
    }
}
