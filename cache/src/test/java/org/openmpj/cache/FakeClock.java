package org.openmpj.cache;

import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told to or when someone sleeps on it, by the time they sleep. */
final class FakeClock implements NanoClock
{
    private final AtomicLong nowNs = new AtomicLong(1_000_000_000L);
    private final AtomicLong sleptNs = new AtomicLong();

    @Override
    public long nanoTime()
    {
        return nowNs.get();
    }

    @Override
    public void sleepNs(final long durationNs)
    {
        sleptNs.addAndGet(durationNs);
        nowNs.addAndGet(durationNs);
    }

    void advance(final long durationNs)
    {
        nowNs.addAndGet(durationNs);
    }

    long sleptNs()
    {
        return sleptNs.get();
    }
}
