package org.openmpj.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A non-reentrant test-and-test-and-set lock for critical sections of a few hundred nanoseconds at most,
 * such as a matcher's queue operations. Waiters spin briefly and then yield, so a holder that lost its core
 * on an oversubscribed machine gets it back; no waiter ever parks, so release costs one store.
 *
 * <p>Open for extension so that the data a lock guards can live in the same object, and so in the same
 * cache line as the lock word: taking the lock then brings the data along. The lock word starts a cache line after the object
 * does ({@link LeadingPadding}): a lock that one core takes while another writes the object before it would otherwise move
 * between them at every message.
 */
public class SpinLock extends LeadingPadding
{
    private static final VarHandle LOCKED;
    private static final int SPINS_BEFORE_YIELD = 64;

    static
    {
        try
        {
            LOCKED = MethodHandles.lookup().findVarHandle(SpinLock.class, "locked", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused") // accessed through LOCKED
    private volatile int locked;

    /** Acquires the lock, waiting as long as it takes. */
    public final void lock()
    {
        if (LOCKED.compareAndSet(this, 0, 1))
        {
            return;
        }
        lockContended();
    }

    /** @return whether the lock was free and is now held; never waits. */
    public final boolean tryLock()
    {
        return (int)LOCKED.getOpaque(this) == 0 && LOCKED.compareAndSet(this, 0, 1);
    }

    private void lockContended()
    {
        int spins = 0;
        while (true)
        {
            if ((int)LOCKED.getOpaque(this) == 0 && LOCKED.compareAndSet(this, 0, 1))
            {
                return;
            }
            if (++spins < SPINS_BEFORE_YIELD)
            {
                Thread.onSpinWait();
            }
            else
            {
                spins = 0;
                Thread.yield();
            }
        }
    }

    /** Releases the lock; only the holder may call it. */
    public final void unlock()
    {
        LOCKED.setRelease(this, 0);
    }
}
