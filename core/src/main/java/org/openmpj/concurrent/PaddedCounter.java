package org.openmpj.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** The count of {@link PaddedCounter}, between its paddings. */
abstract class PaddedCounterValue extends LeadingPadding
{
    @SuppressWarnings("unused") // accessed through PaddedCounter.VALUE
    volatile int value;
}

/**
 * A counter alone on its cache lines, for a count that other cores write or watch: padding before and after keeps other
 * fields from moving between cores with it.
 *
 * <p>Thread-safety: every method may be called by any number of threads.
 */
@SuppressWarnings("unused") // the trailing fields are padding
public final class PaddedCounter extends PaddedCounterValue
{
    private static final VarHandle VALUE;

    static
    {
        try
        {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedCounterValue.class, "value", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    long q1;
    long q2;
    long q3;
    long q4;
    long q5;
    long q6;
    long q7;
    long q8;

    /** @return the count. */
    public int get()
    {
        return value;
    }

    /**
     * Adds one with a plain read and an opaque write, no atomic instruction: for a count whose readers look only for a
     * change, where an update lost to a racing thread's is harmless.
     */
    public void advance()
    {
        VALUE.setOpaque(this, (int)VALUE.getOpaque(this) + 1);
    }

    /** @return the count after adding one. */
    int incrementAndGet()
    {
        return (int)VALUE.getAndAdd(this, 1) + 1;
    }

    /** @return the count after taking one away. */
    int decrementAndGet()
    {
        return (int)VALUE.getAndAdd(this, -1) - 1;
    }
}
