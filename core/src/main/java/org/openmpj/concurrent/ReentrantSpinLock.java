package org.openmpj.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A test-and-test-and-set lock that its holder may take again, for a library handle that is not thread-safe and calls
 * back into code that uses it (a UCX worker whose progress runs handlers that send). Waiters spin briefly and then yield,
 * as {@link SpinLock}'s do; no waiter ever parks, so the last release is one store where {@code ReentrantLock}'s is a
 * volatile write, a full fence, and a look for parked waiters. The holder's count is a plain field: only the holder
 * touches it.
 *
 * <p>Thread-safety: any number of threads; only the holder may {@link #unlock}.
 */
public final class ReentrantSpinLock
{
    private static final VarHandle OWNER;
    private static final int SPINS_BEFORE_YIELD = 64;

    static
    {
        try
        {
            OWNER = MethodHandles.lookup().findVarHandle(ReentrantSpinLock.class, "owner", Thread.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused") // accessed through OWNER
    private volatile Thread owner;
    /** How often the holder took the lock beyond the first time. */
    private int reentries;

    /** Acquires the lock, waiting as long as it takes; the holder gets it again at once. */
    public void lock()
    {
        final Thread self = Thread.currentThread();
        if (OWNER.compareAndSet(this, null, self))
        {
            return;
        }
        if (OWNER.getOpaque(this) == self)
        {
            reentries++;
            return;
        }
        int spins = 0;
        while (true)
        {
            if (OWNER.getOpaque(this) == null && OWNER.compareAndSet(this, null, self))
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

    /** @return whether the lock is now held by the calling thread, which may have held it already; never waits. */
    public boolean tryLock()
    {
        final Thread self = Thread.currentThread();
        final Object held = OWNER.getOpaque(this);
        if (held == null)
        {
            return OWNER.compareAndSet(this, null, self);
        }
        if (held == self)
        {
            reentries++;
            return true;
        }
        return false;
    }

    /** Releases one hold; the last one frees the lock. Only the holder may call it. */
    public void unlock()
    {
        if (reentries > 0)
        {
            reentries--;
            return;
        }
        OWNER.setRelease(this, null);
    }
}
