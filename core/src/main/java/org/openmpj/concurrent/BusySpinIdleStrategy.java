package org.openmpj.concurrent;

/**
 * Spins on the CPU, hinting the processor with {@link Thread#onSpinWait()}. The lowest latency, and only
 * right when every spinning thread has a core of its own.
 */
public final class BusySpinIdleStrategy implements IdleStrategy
{
    /** The single instance: the strategy has no state. */
    public static final BusySpinIdleStrategy INSTANCE = new BusySpinIdleStrategy();

    private BusySpinIdleStrategy()
    {
    }

    @Override
    public int idle(final int round)
    {
        Thread.onSpinWait();
        return round + 1;
    }

    @Override
    public boolean parksAt(final int round)
    {
        return false;
    }

    @Override
    public boolean spins()
    {
        return true;
    }

    @Override
    public String name()
    {
        return "spin";
    }
}
